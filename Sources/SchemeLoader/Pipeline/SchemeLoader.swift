// SchemeLoader: the shared loader — one entry point for every URL, with caches, sharing and cancellation.
import Foundation
import Synchronization

/// Turns any URL a registered handler understands into bytes.
///
/// Lookups go memory → disk → handler. Concurrent requests for one canonical URL share one
/// load; each caller holds its own `LoadToken`, and the load stops only when its last caller
/// cancels. A load holds nothing while it waits: its CPU work waits for a worker in priority order
/// (`SchemeLoadTask.work(on:_:)`), and a web load for one of its host's turns.
public final class SchemeLoader: Sendable {
    /// The handlers, in order.
    public let registry: SchemeRegistry
    /// The memory tier, keyed by canonical URL.
    public let memoryCache: ResponseMemoryCache
    /// The disk tier, when configured.
    public let diskCache: DiskCache?
    let recorder = StatisticsRecorder()
    let now: @Sendable () -> Date
    let staleWhileRevalidate: TimeInterval?
    let staleWhileRevalidateSchemes: Set<String>?
    let revalidations = BackgroundRevalidations()
    private let jobs = Locked<[JobKey: LoadJob]>([:])
    private let nextListenerID = Atomic<UInt64>(0)
    private let caching = Atomic<Bool>(true)
    let pendingWrites = PendingWrites()
    /// Background revalidations under way (`waitForBackgroundRevalidations()`).
    let backgroundRevalidations = PendingWrites()

    /// Creates a loader with `handlers` (first match wins). Throws if the disk directory cannot be created.
    public init(handlers: [any SchemeHandling], configuration: SchemeLoaderConfiguration = .init()) throws {
        registry = SchemeRegistry(handlers)
        memoryCache = ResponseMemoryCache(costLimit: configuration.memoryCostLimit, limits: configuration.memoryCostLimits)
        diskCache = try configuration.diskDirectory.map { try DiskCache(directory: $0, sizeLimit: configuration.diskSizeLimit) }
        now = configuration.now
        staleWhileRevalidate = configuration.staleWhileRevalidate
        staleWhileRevalidateSchemes = configuration.staleWhileRevalidateSchemes.map { Set($0.map { $0.lowercased() }) }
    }

    /// Whether the caches are used (looked up and filled). Turning it off shows what loading costs.
    public var isCachingEnabled: Bool {
        get { caching.load(ordering: .relaxed) }
        set { caching.store(newValue, ordering: .relaxed) }
    }

    /// The canonical form of `url` (its cache key), or the `LoadError` that makes it unusable.
    public func canonicalURL(for url: URL) throws -> URL {
        try registry.resolve(url).canonicalURL
    }

    /// The fresh memory-cached result for `url`, synchronously, or `nil`. Never starts a load. A kept
    /// error response (a cached 404) is no result here: a load delivers it as its error.
    public func cachedResult(for url: URL) -> LoadResult? {
        let start = ContinuousClock.now
        guard isCachingEnabled, let resolution = try? registry.resolve(url),
              let cached = memoryCache.value(for: resolution.canonicalURL.absoluteString) else { return nil }
        return usableHit(cached, url: resolution.canonicalURL, handler: resolution.handler, since: start, source: .memory)
    }

    /// `cached` as a synchronous hit when it may be served at once (`servesAtOnce`) and stands for bytes,
    /// not an error, its handler may reuse; `nil` otherwise.
    private func usableHit(_ cached: CachedResponse, url: URL, handler: any SchemeHandling, since start: ContinuousClock.Instant,
                           source: LoadSource) -> LoadResult? {
        guard cached.response.failure(url: url) == nil, handler.mayReuse(cached.response, for: url) else { return nil }
        return servesAtOnce(cached, url: url).map { hit(cached, url: url, since: start, source: source, isStale: $0) }
    }

    /// The fresh cached result for `url` from memory, or else from a disk entry of at most
    /// `diskLimit` bytes read synchronously by the caller (then kept in memory); `nil` on a miss.
    /// Never starts a load. Lets a list show a disk copy in the very frame a row appears.
    public func cachedResult(for url: URL, readingDiskUpTo diskLimit: Int) -> LoadResult? {
        if let hit = cachedResult(for: url) { return hit }
        let start = ContinuousClock.now
        guard diskLimit > 0, isCachingEnabled, let diskCache, let resolution = try? registry.resolve(url) else { return nil }
        let key = resolution.canonicalURL.absoluteString
        guard let entry = diskCache.smallEntry(for: key, maxBytes: diskLimit),
              let result = usableHit(entry, url: resolution.canonicalURL, handler: resolution.handler, since: start,
                                     source: .disk) else { return nil }
        memoryCache.insert(entry, for: key, cost: entry.data.count)
        Task { await diskCache.noteUse(of: key) }  // keeps the disk cache's recency order
        return result
    }

    /// Starts loading `request`. `completion` is called exactly once — synchronously for a memory
    /// hit or a bad URL, otherwise from a background task; with `CancellationError` after `cancel()`.
    @discardableResult
    public func load(
        _ request: LoadRequest,
        progress: (@Sendable (LoadProgress) -> Void)? = nil,
        completion: @escaping @Sendable (Result<LoadResult, any Error>) -> Void
    ) -> LoadToken {
        load(request, follows: nil, progress: progress, bytesSoFar: nil, completion: completion)
    }

    /// `load(_:progress:completion:)`, at the priority of `follows` as it changes (when given) instead of the request's.
    func load(
        _ request: LoadRequest,
        follows: WorkPriority?,
        progress: (@Sendable (LoadProgress) -> Void)?,
        bytesSoFar: (@Sendable (Data) -> Void)? = nil,
        completion: @escaping @Sendable (Result<LoadResult, any Error>) -> Void
    ) -> LoadToken {
        let start = ContinuousClock.now
        let resolution: SchemeRegistry.Resolution
        do {
            resolution = try registry.resolve(request.url)
        } catch {
            recorder.update(scheme: request.url.scheme) { $0.failures += 1 }
            completion(.failure(error))
            return .finished
        }
        let canonical = resolution.canonicalURL
        let key = canonical.absoluteString
        if request.cachePolicy == .useCache || request.cachePolicy == .cacheOnly, isCachingEnabled,
           let cached = memoryCache.value(for: key), cached.response.isFresh(at: now()),
           resolution.handler.mayReuse(cached.response, for: canonical) {
            let result = hit(cached, url: canonical, since: start, source: .memory, isStale: false)
            if let failure = cached.response.failure(url: canonical) {
                completion(.failure(failure))
            } else {
                completion(.success(result))
            }
            return .finished
        }
        let id = nextListenerID.add(1, ordering: .relaxed).newValue
        func listener(joined: Bool) -> LoadListener {
            LoadListener(id: id, priority: request.priority, follows: follows, startedAt: start, joined: joined,
                         progress: progress, bytesSoFar: bytesSoFar, completion: completion)
        }
        let jobKey = JobKey(cacheKey: key, policy: request.cachePolicy)
        let (job, isNew) = jobs.withLock { jobs -> (LoadJob, Bool) in
            if let running = jobs[jobKey], running.add(listener(joined: true)) { return (running, false) }
            let job = LoadJob(key: jobKey, url: canonical, handler: resolution.handler) { [weak self] in self?.retire($0) }
            _ = job.add(listener(joined: false))
            jobs[jobKey] = job
            return (job, true)
        }
        if isNew {
            recorder.update(scheme: canonical.scheme) { $0.inFlight += 1 }
            job.attach(Task { await self.run(job) })
        } else {
            recorder.update(scheme: canonical.scheme) { $0.coalesced += 1 }
        }
        return LoadToken(job: job, listenerID: id) { [weak self] job, id in self?.cancel(listener: id, of: job) }
    }

    /// Starts loading `url` with the default policy and priority.
    @discardableResult
    public func load(
        _ url: URL, priority: LoadPriority = .normal,
        completion: @escaping @Sendable (Result<LoadResult, any Error>) -> Void
    ) -> LoadToken {
        load(LoadRequest(url: url, priority: priority), completion: completion)
    }

    /// The counters since creation (or the last reset), of every scheme.
    public var statistics: LoaderStatistics { recorder.counters }

    /// The counters of the loads of `scheme` URLs alone (`thumb`: the thumbnails; `https`: their web sources).
    public func statistics(for scheme: String) -> LoaderStatistics { recorder.counters(for: scheme) }

    /// Median and p95 of recent load times from `source`.
    public func timings(for source: LoadSource) -> TimingSummary? { recorder.timings(for: source) }

    /// Zeroes the counters and timings (loads in flight stay counted).
    public func resetStatistics() { recorder.reset() }

    /// Empties the memory and disk caches (after the pending disk writes, so none lands afterwards).
    public func removeAllCachedData() async {
        await waitForPendingWrites()
        memoryCache.removeAll()
        await diskCache?.removeAll()
    }

    /// Returns once the disk copies of every load finished so far are written. Loads hand out their
    /// result before writing it to disk, so a process about to exit, or one that reopens the same
    /// folder, waits here first.
    public func waitForPendingWrites() async {
        await pendingWrites.waitUntilDone()
    }

    /// Has every handler forget the hosts it found unreachable: the next loads ask them again at once (a
    /// user's retry), instead of failing while such a host rests.
    public func forgetUnreachableHosts() {
        for handler in registry.all { handler.forgetUnreachableHosts() }
    }

    /// Returns once every background revalidation started so far (a stale copy served under
    /// `stale-while-revalidate`) has finished and its refreshed copy is written. A one-shot command waits
    /// here before it exits, so the revalidation it started is not lost.
    public func waitForBackgroundRevalidations() async {
        await backgroundRevalidations.waitUntilDone()
        await waitForPendingWrites()
    }

    /// Finishes the pending disk writes and releases the handlers' resources. Call once, when the
    /// loader is no longer used.
    public func shutdown() async {
        await waitForPendingWrites()
        for handler in registry.all { await handler.shutdown() }
    }

    // MARK: - Internals

    private func hit(_ cached: CachedResponse, url: URL, since start: ContinuousClock.Instant, source: LoadSource,
                     isStale: Bool) -> LoadResult {
        let elapsed = ContinuousClock.now - start
        countHit(from: source, scheme: url.scheme)
        recorder.record(elapsed, for: source)
        return LoadResult(url: url, data: cached.data, response: cached.response, source: source,
                          wasCoalesced: false, metrics: LoadMetrics(total: elapsed), isStale: isStale)
    }

    private func cancel(listener id: UInt64, of job: LoadJob) {
        let (listener, abandoned) = job.remove(id)
        guard let listener else { return }
        recorder.update(scheme: job.url.scheme) { $0.cancelled += 1 }
        if abandoned { retire(job) }
        listener.completion(.failure(CancellationError()))
    }

    /// Removes `job` from the in-flight table (once).
    func retire(_ job: LoadJob) {
        let removed = jobs.withLock { jobs -> Bool in
            guard jobs[job.key] === job else { return false }
            jobs[job.key] = nil
            return true
        }
        if removed { recorder.update(scheme: job.url.scheme) { $0.inFlight -= 1 } }
    }
}
