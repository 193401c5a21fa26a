// SyncBackoff: how long to wait before the next attempt after failures — doubling from 1 s up to 60 s, with
// jitter (a random half of each wait), so the clients of a restarted server do not all return at once.

/// Exponential back-off with jitter.
public struct SyncBackoff: Sendable {
    /// The first wait's ceiling.
    public var initial: Duration
    /// The longest wait.
    public var maximum: Duration
    /// Failures since the last success.
    public private(set) var failures = 0
    private var random: @Sendable () -> Double

    /// A back-off from `initial` doubling to `maximum`; `random` gives 0…1 (injected by tests).
    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(60),
                random: @escaping @Sendable () -> Double = { Double.random(in: 0...1) }) {
        self.initial = initial
        self.maximum = maximum
        self.random = random
    }

    /// The wait before the next attempt: between half and all of `initial × 2^failures` (at most `maximum`).
    public mutating func next() -> Duration {
        let ceiling = min(maximum, initial * (1 << min(failures, 20)))
        failures += 1
        return ceiling * (0.5 + 0.5 * min(1, max(0, random())))
    }

    /// After a success: the next failure waits `initial` again.
    public mutating func reset() { failures = 0 }
}
