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
    /// For a stage's load of its source: the priority of the stage's own load (it replaces `priority`),
    /// whose changes are pushed to this load too.
    var follows: WorkPriority? = nil
    let startedAt: ContinuousClock.Instant
    let joined: Bool
    let progress: (@Sendable (LoadProgress) -> Void)?
    /// Hears the bytes received so far as they grow (a stage making a preview from its source's first bytes).
    var bytesSoFar: (@Sendable (Data) -> Void)? = nil
    let completion: @Sendable (Result<LoadResult, any Error>) -> Void
}

/// A load in flight and its listeners. Listeners join while it is active; it is cancelled
/// when the last one leaves — unless it may linger (see `allowLingering`) — and completes every
/// remaining listener once.
final class LoadJob: Sendable {
    /// `lingering`: every listener left, but the transfer runs on for a while; a new listener revives it.
    enum Phase { case active, lingering, finished, cancelled }

    /// When an abandoned job may linger: for how long, and whether it may now (asked when the last listener leaves).
    struct Lingering: Sendable {
        let grace: Duration
        let isAllowed: @Sendable () -> Bool
    }

    private struct State {
        var listeners: [UInt64: LoadListener] = [:]
        var phase = Phase.active
        var task: Task<Void, Never>?
        var progressObservers = 0
        var byteReaders = 0
        var lingering: Lingering?
        /// Counts the times the job started lingering, so a grace timer ends only its own stretch.
        var lingerCount = 0
        /// The listeners' places among the followers of the priorities they follow.
        var following: [UInt64: UInt64] = [:]
    }

    let key: JobKey
    let url: URL
    let handler: any SchemeHandling
    /// The highest priority among the listeners, pushed to the work the load queues and the loads that follow it.
    let workPriority = WorkPriority(.veryLow)
    private let state = Locked(State())
    /// Called once when a lingering job is given up (the loader then forgets it).
    private let whenGivenUp: @Sendable (LoadJob) -> Void

    init(key: JobKey, url: URL, handler: any SchemeHandling, whenGivenUp: @escaping @Sendable (LoadJob) -> Void = { _ in }) {
        self.key = key
        self.url = url
        self.handler = handler
        self.whenGivenUp = whenGivenUp
    }

    /// Adds a listener; false when the job is no longer active (the caller then starts a new one).
    /// A lingering job is active again.
    func add(_ listener: LoadListener) -> Bool {
        let added = state.withLock { state in
            guard state.phase == .active || state.phase == .lingering else { return false }
            state.phase = .active
            state.listeners[listener.id] = listener
            if listener.progress != nil { state.progressObservers += 1 }
            if listener.bytesSoFar != nil { state.byteReaders += 1 }
            return true
        }
        guard added else { return false }
        if let followed = listener.follows {
            let place = followed.follow { [weak self] in self?.refreshPriority() }
            state.withLock { $0.following[listener.id] = place }
        }
        refreshPriority()
        return true
    }

    /// Removes a listener. Returns it (if it was still waiting) and whether the job is now abandoned
    /// (cancelled; a job that lingers instead is not abandoned yet).
    func remove(_ id: UInt64) -> (listener: LoadListener?, abandoned: Bool) {
        // Asked outside the lock: the gate reads the host scheduler, whose lock is taken before this one.
        let lingering = state.withLock { $0.lingering }
        let mayLinger = lingering?.isAllowed() ?? false
        let (listener, abandoned, task, graceCount) = state.withLock {
            state -> (LoadListener?, Bool, Task<Void, Never>?, (Duration, Int)?) in
            guard state.phase == .active, let listener = state.listeners.removeValue(forKey: id) else {
                return (nil, false, nil, nil)
            }
            if listener.progress != nil { state.progressObservers -= 1 }
            if listener.bytesSoFar != nil { state.byteReaders -= 1 }
            guard state.listeners.isEmpty else { return (listener, false, nil, nil) }
            if mayLinger, let lingering = state.lingering {
                state.phase = .lingering
                state.lingerCount += 1
                return (listener, false, nil, (lingering.grace, state.lingerCount))
            }
            state.phase = .cancelled
            return (listener, true, state.task, nil)
        }
        if let listener {
            stopFollowing(listener)
            refreshPriority()
        }
        task?.cancel()
        if let (grace, count) = graceCount {
            Task { [weak self] in
                try? await Task.sleep(for: grace)
                self?.giveUpLingering(onlyStretch: count)
            }
        }
        return (listener, abandoned)
    }

    /// While `lingering` is set, an abandoned job lingers (when it allows) instead of being cancelled at once:
    /// a transfer under way finishes into the caches, and a caller who wants it again joins it. `nil` ends that.
    func allowLingering(_ lingering: Lingering?) {
        state.withLock { $0.lingering = lingering }
    }

    /// Whether every listener left and the job was stopped.
    var isCancelled: Bool { state.withLock { $0.phase == .cancelled } }

    /// Cancels the job if it is lingering (in stretch `onlyStretch`, when given); true if it was.
    @discardableResult
    func giveUpLingering(onlyStretch: Int? = nil) -> Bool {
        let task = state.withLock { state -> Task<Void, Never>?? in
            guard state.phase == .lingering, onlyStretch == nil || onlyStretch == state.lingerCount else { return nil }
            state.phase = .cancelled
            return .some(state.task)
        }
        guard let task else { return false }
        task?.cancel()
        whenGivenUp(self)
        return true
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
    var priority: LoadPriority { workPriority.value }

    func setPriority(_ priority: LoadPriority, for id: UInt64) {
        state.withLock { $0.listeners[id]?.priority = priority }
        refreshPriority()
    }

    /// Recomputes the highest priority among the listeners and pushes it on.
    private func refreshPriority() {
        workPriority.update {
            let listeners = state.withLock { Array($0.listeners.values) }
            return listeners.map { $0.follows?.value ?? $0.priority }.max() ?? .veryLow
        }
    }

    private func stopFollowing(_ listener: LoadListener) {
        guard let followed = listener.follows, let place = state.withLock({ $0.following.removeValue(forKey: listener.id) }) else { return }
        followed.unfollow(place)
    }

    /// Whether a listener reads the bytes received so far.
    var hasByteReaders: Bool { state.withLock { $0.byteReaders > 0 } }

    /// Sends progress to every listener that asked for it, and `bytes` (when given) to those reading them.
    func report(_ progress: LoadProgress, bytes: Data? = nil) {
        let (observers, readers) = state.withLock { state in
            (state.progressObservers == 0 ? [] : state.listeners.values.compactMap(\.progress),
             bytes == nil || state.byteReaders == 0 ? [] : state.listeners.values.compactMap(\.bytesSoFar))
        }
        for observer in observers { observer(progress) }
        if let bytes { for reader in readers { reader(bytes) } }
    }

    /// Ends the job, returning the listeners to complete (none if it was abandoned or lingering).
    func finish() -> [LoadListener] {
        let listeners = state.withLock { state -> [LoadListener] in
            guard state.phase == .active || state.phase == .lingering else { return [] }
            state.phase = .finished
            defer { state.listeners = [:] }
            return Array(state.listeners.values)
        }
        for listener in listeners { stopFollowing(listener) }
        return listeners
    }
}
