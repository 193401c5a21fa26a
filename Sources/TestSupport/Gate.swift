// Gate: an async latch tests use to hold loads until they choose to release them.
import SchemeLoader

/// Suspends waiters until `open()`; cancellation-aware (a cancelled waiter throws `CancellationError`).
public final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
        var next: UInt64 = 0
    }

    private let state = Locked(State())

    /// Creates a closed gate.
    public init() {}

    /// Lets every current and future waiter through.
    public func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// How many are waiting now.
    public var waiting: Int { state.withLock { $0.waiters.count } }

    /// Waits until the gate opens.
    public func wait() async throws {
        let id = state.withLock { state in
            state.next += 1
            return state.next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Bool? = state.withLock { state in
                    if state.isOpen { return true }
                    if Task.isCancelled { return nil }
                    state.waiters[id] = continuation
                    return false
                }
                switch outcome {
                case true?: continuation.resume()
                case nil: continuation.resume(throwing: CancellationError())
                case false?: break
                }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
