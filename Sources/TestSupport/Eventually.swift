// Eventually: wait for an observable state in a test, never for a fixed time.
import SchemeLoader

/// Polls `condition` every 2 ms until it holds (true) or `timeout` passes (false), on the caller's actor.
nonisolated(nonsending) public func eventually(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

/// Collects the completions of loads, from any thread.
public final class ResultBox: Sendable {
    private let stored = Locked<[Result<LoadResult, any Error>]>([])

    /// Creates an empty box.
    public init() {}
    /// Records one completion.
    public func add(_ result: Result<LoadResult, any Error>) { stored.withLock { $0.append(result) } }
    /// How many completions arrived.
    public var count: Int { stored.withLock { $0.count } }
    /// The first completion, if any.
    public var first: Result<LoadResult, any Error>? { stored.withLock { $0.first } }
}
