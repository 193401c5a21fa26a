// WorkPriority: how urgent a load's work is now — pushed to the work waiting for a worker and to the loads
// that follow it (a thumbnail's source) each time it changes, never polled.

/// The current priority of a load, shared by the work it queues and the loads it depends on.
///
/// Setting it moves the load's waiting work in its worker pool's queue at once and tells the loads that follow
/// it, so a prefetched row that becomes visible speeds up its encode and its source's load
/// while they wait.
public final class WorkPriority: Sendable {
    private struct Waiting: Sendable {
        let pool: WorkerPool
        let job: UInt64
    }

    private struct State: Sendable {
        var value: LoadPriority
        var waiting: [Waiting] = []
        var followers: [UInt64: @Sendable () -> Void] = [:]
        var nextFollower: UInt64 = 0
    }

    private let state: Locked<State>

    /// A priority starting at `value`.
    public init(_ value: LoadPriority) { state = Locked(State(value: value)) }

    /// The priority now.
    public var value: LoadPriority { state.withLock { $0.value } }

    /// Sets the priority to what `compute` says now (read under this priority's lock, so two concurrent updates
    /// never leave the older answer behind), moving the waiting work; then tells the followers if it changed.
    func update(_ compute: () -> LoadPriority) {
        let followers = state.withLock { state -> [@Sendable () -> Void] in
            let value = compute()
            guard value != state.value else { return [] }
            state.value = value
            for waiting in state.waiting { waiting.pool.reprioritize(waiting.job, to: value) }
            return Array(state.followers.values)
        }
        for follower in followers { follower() }
    }

    /// Sets the priority, moving the waiting work and telling the followers.
    public func set(_ value: LoadPriority) { update { value } }

    /// Calls `changed` after each change until `unfollow` with the place returned.
    func follow(_ changed: @escaping @Sendable () -> Void) -> UInt64 {
        state.withLock { state in
            state.nextFollower += 1
            state.followers[state.nextFollower] = changed
            return state.nextFollower
        }
    }

    func unfollow(_ id: UInt64) {
        _ = state.withLock { $0.followers.removeValue(forKey: id) }
    }

    /// Queues job `id` on `pool` at the priority now (`enqueue` adds it under this lock, so no change is missed
    /// between reading the value and queueing).
    func queue(_ id: UInt64, on pool: WorkerPool, _ enqueue: (LoadPriority) -> Void) {
        state.withLock { state in
            state.waiting.append(Waiting(pool: pool, job: id))
            enqueue(state.value)
        }
    }

    /// Forgets job `id` of `pool` (it started or was withdrawn).
    func forget(_ id: UInt64, of pool: WorkerPool) {
        state.withLock { state in state.waiting.removeAll { $0.job == id && $0.pool === pool } }
    }
}
