// HostRequestTurns: the requests one host may have in flight at once (its connections, or its HTTP/2 streams);
// waiting requests start in priority order.

/// Grants at most `limit` turns at a time (a limit that may change: `setLimit(_:)`, a host found to speak
/// HTTP/2). When a turn frees, the waiter whose priority is highest *now* gets it (priorities can rise or fall
/// while waiting), ties in the order places were taken.
///
/// A place is taken (`reserve`) before it is waited for (`wait`): the order in which requests are asked for is
/// the order they queue in, whatever order their tasks later run in. These are network turns only: CPU work
/// waits for a `WorkerPool` thread instead.
final class HostRequestTurns: Sendable {
    fileprivate struct Waiter {
        let id: UInt64
        let priority: @Sendable () -> LoadPriority
        /// Set once the waiter's task waits (`wait(for:)`).
        var continuation: CheckedContinuation<Void, any Error>?
    }

    fileprivate struct State {
        var limit: Int
        var running = 0
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    private let state: Locked<State>
    /// Called each time a caller starts waiting (every turn is taken).
    private let whenWaiting: (@Sendable () -> Void)?

    init(limit: Int, whenWaiting: (@Sendable () -> Void)? = nil) {
        state = Locked(State(limit: max(1, limit)))
        self.whenWaiting = whenWaiting
    }

    /// Takes a place: a turn at once when one is free and nobody waits, else a place in the queue.
    /// End it with `end(_:)` whatever happens next.
    func reserve(priority: @escaping @Sendable () -> LoadPriority) -> UInt64 {
        let (id, waits) = state.withLock { state -> (UInt64, Bool) in
            state.nextID += 1
            if state.running < state.limit, state.waiters.isEmpty {
                state.running += 1
                return (state.nextID, false)
            }
            state.waiters.append(Waiter(id: state.nextID, priority: priority))
            return (state.nextID, true)
        }
        if waits { whenWaiting?() }
        return id
    }

    /// Waits until place `id` has its turn. Throws `CancellationError` if the task is cancelled while waiting;
    /// the place is kept until `end(_:)` either way.
    func wait(for id: UInt64) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = state.withLock { state in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return .success(()) }
                    if Task.isCancelled { return .failure(CancellationError()) }
                    state.waiters[index].continuation = continuation
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                defer { state.waiters[index].continuation = nil }
                return state.waiters[index].continuation
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Ends place `id`: gives up its place if it still waits, else frees its turn for the most urgent waiter.
    /// Call once per `reserve`.
    func end(_ id: UInt64) {
        let waited = state.withLock { state -> Bool in
            guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return false }
            state.waiters.remove(at: index)
            return true
        }
        if !waited { release() }
    }

    /// Waits for a turn. Throws `CancellationError` if the task is cancelled while waiting.
    func acquire(priority: @escaping @Sendable () -> LoadPriority) async throws {
        let id = reserve(priority: priority)
        do {
            try await wait(for: id)
        } catch {
            end(id)
            throw error
        }
    }

    /// Frees a turn, handing it to the most urgent waiter (unless the limit was lowered below the turns taken).
    func release() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiters.isEmpty, state.running <= state.limit else {
                state.running -= 1
                return nil
            }
            return state.removeMostUrgentWaiter()
        }
        next?.continuation?.resume()
    }

    /// Changes the most turns at a time. A raised limit hands the new turns to the most urgent waiters at once;
    /// a lowered one takes effect as turns end (none is taken back).
    func setLimit(_ limit: Int) {
        let started = state.withLock { state -> [Waiter] in
            state.limit = max(1, limit)
            var started: [Waiter] = []
            while state.running < state.limit, !state.waiters.isEmpty {
                state.running += 1
                started.append(state.removeMostUrgentWaiter())
            }
            return started
        }
        for waiter in started { waiter.continuation?.resume() }
    }

    /// Turns taken and places waiting now.
    var load: (running: Int, waiting: Int) {
        state.withLock { ($0.running, $0.waiters.count) }
    }
}

extension HostRequestTurns.State {
    /// Takes out the waiter whose priority is highest now, the earliest of equals.
    mutating func removeMostUrgentWaiter() -> HostRequestTurns.Waiter {
        var best = 0
        var bestPriority = waiters[0].priority()
        for index in waiters.indices.dropFirst() {
            let priority = waiters[index].priority()
            if priority > bestPriority { best = index; bestPriority = priority }
        }
        return waiters.remove(at: best)
    }
}
