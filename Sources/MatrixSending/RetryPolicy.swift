// RetryPolicy: how long the sender waits before trying a send again — doubling from `initial` up to `maximum`,
// never less than a 429's `retry_after_ms` — and when a drain stops waiting.

/// The sender's back-off.
public struct RetryPolicy: Sendable, Equatable {
    /// The wait after the first failure.
    public var initial: Duration
    /// The longest wait between attempts.
    public var maximum: Duration
    /// How long one drain keeps retrying a send that keeps failing before it leaves it in the outbox for a later
    /// drain; `nil`: until it is sent.
    public var patience: Duration?

    /// A policy; by default 0.5 s doubling up to 30 s, retried until sent.
    public init(initial: Duration = .milliseconds(500), maximum: Duration = .seconds(30), patience: Duration? = nil) {
        self.initial = initial
        self.maximum = maximum
        self.patience = patience
    }

    /// The wait before attempt `failures + 1`, after `failures` failed ones: at least `retryAfter` (the server's).
    public func delay(afterFailures failures: Int, retryAfter: Duration? = nil) -> Duration {
        var wait = initial
        for _ in 1..<max(1, failures) where wait < maximum { wait *= 2 }
        return max(min(wait, maximum), retryAfter ?? .zero)
    }
}
