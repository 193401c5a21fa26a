// LoadScheduler: a limit on concurrent handler loads; waiting loads start in priority order.

/// Grants at most `limit` slots at a time. When a slot frees, the waiter whose priority is highest
/// *now* gets it (priorities can rise or fall while waiting), ties in arrival order.
final class LoadScheduler: Sendable {
    private struct Waiter {
        let id: UInt64
        let priority: @Sendable () -> LoadPriority
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var running = 0
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state = Locked(State())
    let limit: Int
    /// Called each time a caller starts waiting (every slot is taken).
    private let whenWaiting: (@Sendable () -> Void)?

    init(limit: Int, whenWaiting: (@Sendable () -> Void)? = nil) {
        self.limit = max(1, limit)
        self.whenWaiting = whenWaiting
    }

    /// Waits for a slot. Throws `CancellationError` if the task is cancelled while waiting.
    func acquire(priority: @escaping @Sendable () -> LoadPriority) async throws {
        let id = state.withLock { state -> UInt64? in
            if state.running < limit, state.waiters.isEmpty {
                state.running += 1  // fast path: a free slot, nobody waiting
                return nil
            }
            state.nextID += 1
            return state.nextID
        }
        guard let id else { return }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted: Bool? = state.withLock { state in
                    if Task.isCancelled { return nil }
                    if state.running < limit {
                        state.running += 1
                        return true
                    }
                    state.waiters.append(Waiter(id: id, priority: priority, continuation: continuation))
                    return false
                }
                switch granted {
                case nil: continuation.resume(throwing: CancellationError())
                case true?: continuation.resume()
                case false?: whenWaiting?()
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Frees a slot, handing it to the most urgent waiter.
    func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiters.isEmpty else {
                state.running -= 1
                return nil
            }
            var best = 0
            var bestPriority = state.waiters[0].priority()
            for index in state.waiters.indices.dropFirst() {
                let priority = state.waiters[index].priority()
                if priority > bestPriority { best = index; bestPriority = priority }
            }
            return state.waiters.remove(at: best)
        }
        next?.continuation.resume()
    }

    /// Loads running and waiting now.
    var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiters.count) }
    }
}
