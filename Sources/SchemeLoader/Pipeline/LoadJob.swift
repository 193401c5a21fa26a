// LoadJob: one running load for one canonical key, shared by every caller asking for it.
import Foundation

/// The key under which loads are shared: the canonical URL and the cache policy.
struct JobKey: Hashable, Sendable {
    let cacheKey: String
    let policy: CachePolicy
}

/// One caller waiting on a job.
struct LoadListener: Sendable {
    let id: UInt64
    var priority: LoadPriority
    /// For a stage's load of its source: the priority of the stage's own load, read each time (it
    /// replaces `priority`), so a change there reaches this load too.
    var follows: (@Sendable () -> LoadPriority)? = nil
    let startedAt: ContinuousClock.Instant
    let joined: Bool
    let progress: (@Sendable (LoadProgress) -> Void)?
    let completion: @Sendable (Result<LoadResult, any Error>) -> Void
}

/// A load in flight and its listeners. Listeners join while it is active; it is cancelled
/// when the last one leaves, and completes every remaining listener once.
final class LoadJob: Sendable {
    enum Phase { case active, finished, cancelled }

    private struct State {
        var listeners: [UInt64: LoadListener] = [:]
        var phase = Phase.active
        var task: Task<Void, Never>?
        var progressObservers = 0
    }

    let key: JobKey
    let url: URL
    let handler: any SchemeHandling
    private let state = Locked(State())

    init(key: JobKey, url: URL, handler: any SchemeHandling) {
        self.key = key
        self.url = url
        self.handler = handler
    }

    /// Adds a listener; false when the job is no longer active (the caller then starts a new one).
    func add(_ listener: LoadListener) -> Bool {
        state.withLock { state in
            guard state.phase == .active else { return false }
            state.listeners[listener.id] = listener
            if listener.progress != nil { state.progressObservers += 1 }
            return true
        }
    }

    /// Removes a listener. Returns it (if it was still waiting) and whether the job is now abandoned.
    func remove(_ id: UInt64) -> (listener: LoadListener?, abandoned: Bool) {
        let (listener, abandoned, task) = state.withLock { state -> (LoadListener?, Bool, Task<Void, Never>?) in
            guard state.phase == .active, let listener = state.listeners.removeValue(forKey: id) else {
                return (nil, false, nil)
            }
            if listener.progress != nil { state.progressObservers -= 1 }
            guard state.listeners.isEmpty else { return (listener, false, nil) }
            state.phase = .cancelled
            return (listener, true, state.task)
        }
        task?.cancel()
        return (listener, abandoned)
    }

    /// Stores the task running the job (cancelling it at once if the job was abandoned meanwhile).
    func attach(_ task: Task<Void, Never>) {
        let cancelled = state.withLock { state in
            state.task = task
            return state.phase == .cancelled
        }
        if cancelled { task.cancel() }
    }

    /// The highest priority among the listeners.
    var priority: LoadPriority {
        let listeners = state.withLock { Array($0.listeners.values) }
        return listeners.map { $0.follows?() ?? $0.priority }.max() ?? .veryLow
    }

    func setPriority(_ priority: LoadPriority, for id: UInt64) {
        state.withLock { $0.listeners[id]?.priority = priority }
    }

    /// Sends progress to every listener that asked for it.
    func report(_ progress: LoadProgress) {
        let observers = state.withLock { state in
            state.progressObservers == 0 ? [] : state.listeners.values.compactMap(\.progress)
        }
        for observer in observers { observer(progress) }
    }

    /// Ends the job, returning the listeners to complete (none if it was abandoned).
    func finish() -> [LoadListener] {
        state.withLock { state in
            guard state.phase == .active else { return [] }
            state.phase = .finished
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
    }
}
