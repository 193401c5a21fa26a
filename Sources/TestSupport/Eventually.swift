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

/// Reads `read` every 20 ms until it gives a value (returned) or `timeout` passes (`nil`), on the caller's actor:
/// waiting for a state that takes an async read to see (a tmux pane with its colours).
nonisolated(nonsending) public func eventually<T>(timeout: Duration = .seconds(60), _ read: () async throws -> T?) async throws -> T? {
    let deadline = ContinuousClock.now + timeout
    while true {
        if let value = try await read() { return value }
        if ContinuousClock.now > deadline { return nil }
        try? await Task.sleep(for: .milliseconds(20))
    }
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
    /// Every result so far, in the order they came.
    public var all: [Result<LoadResult, any Error>] { stored.withLock { $0 } }
    /// The first completion, if any.
    public var first: Result<LoadResult, any Error>? { stored.withLock { $0.first } }
}
