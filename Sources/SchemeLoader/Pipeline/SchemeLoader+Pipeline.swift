// SchemeLoader+Pipeline: what one shared load does — disk lookup, handler (its work on the workers), store.
import Foundation

extension SchemeLoader {
    /// Runs `job` and completes its listeners, then writes the result's disk copy: a caller never
    /// waits for the disk (`waitForPendingWrites()` does).
    func run(_ job: LoadJob) async {
        var metrics = LoadMetrics(total: .zero)
        let outcome: Result<Loaded, any Error>
        do {
            outcome = .success(try await pipeline(job, metrics: &metrics))
        } catch {
            outcome = .failure(error)
        }
        let diskCopy = (try? outcome.get())?.writesToDisk == true ? diskCache : nil
        if diskCopy != nil { pendingWrites.begin() }
        retire(job)
        let listeners = job.finish()
        // A kept error response (a 404 that may be cached) is delivered as the error it stands for.
        let delivered = outcome.flatMap { loaded -> Result<Loaded, any Error> in
            if let failure = loaded.entry.response.failure(url: job.url) { return .failure(failure) }
            return .success(loaded)
        }
        // A cache-only miss is an answer ("not cached"), not a failure of the source.
        if case .failure(let error) = delivered, !(error is CancellationError), !listeners.isEmpty,
           job.key.policy != .cacheOnly {
            recorder.update(scheme: job.url.scheme) { $0.failures += 1 }
        }
        for listener in listeners {
            listener.completion(delivered.map { loaded in
                var own = metrics
                own.total = ContinuousClock.now - listener.startedAt
                recorder.record(own.total, for: loaded.source)
                return LoadResult(url: job.url, data: loaded.entry.data, response: loaded.entry.response, source: loaded.source,
                                  wasCoalesced: listener.joined, metrics: own, isStale: loaded.isStale)
            })
        }
        if let diskCopy, case .success(let loaded) = outcome {
            await diskCopy.store(loaded.entry, for: job.key.cacheKey)
            pendingWrites.end()
        }
    }

    /// What a load produced: the entry, where it came from, and whether it still needs its disk copy.
    private struct Loaded {
        let entry: CachedResponse
        let source: LoadSource
        var writesToDisk = false
        /// A stale copy served without a successful revalidation.
        var isStale = false
    }

    private func pipeline(_ job: LoadJob, metrics: inout LoadMetrics) async throws -> Loaded {
        let key = job.key.cacheKey
        let usesCache = job.key.policy != .reloadIgnoringCache && isCachingEnabled
        var cached: (entry: CachedResponse, source: LoadSource)?
        if usesCache {
            // Memory first: a copy there may not be on disk yet (disk copies are written after the load).
            if let entry = memoryCache.value(for: key) {
                cached = (entry, .memory)
            } else if let diskCache {
                let lookupStart = ContinuousClock.now
                let entry = await diskCache.entry(for: key)
                metrics.diskLookup = ContinuousClock.now - lookupStart
                cached = entry.map { ($0, .disk) }
            }
            // A copy that varies on request fields the handler now sends otherwise is no copy of this request.
            if let stored = cached, !job.handler.mayReuse(stored.entry.response, for: job.url) { cached = nil }
            if let cached, job.key.policy == .cacheOnly {
                return servedFromCache(cached, of: job, isStale: !cached.entry.response.isFresh(at: now()))
            }
            if let cached, job.key.policy != .reloadRevalidatingCache, let isStale = servesAtOnce(cached.entry, url: job.url) {
                return servedFromCache(cached, of: job, isStale: isStale)
            }
        }
        if job.key.policy == .cacheOnly { throw LoadError.notCached(url: key) }
        do {
            // (A revalidation asked for — the background check itself — waits for its source.)
            if let cached, job.key.policy != .reloadRevalidatingCache, let budget = job.handler.staleCopyBudget,
               cached.entry.response.mayServeStaleOnError {
                if let loaded = try await load(job, revalidating: cached, within: budget, metrics: &metrics) { return loaded }
                // The source did not answer in time (a dead network, a captive portal): the copy now, the check behind it.
                recorder.update(scheme: job.url.scheme) { $0.staleServedForSlowSource += 1 }
                revalidateInBackground(job.url, stale: cached.entry.data, at: now(), awaited: false)
                return servedFromCache(cached, of: job, isStale: true)
            }
            return try await load(job, revalidating: cached, metrics: &metrics)
        } catch {
            // stale-if-error: the source cannot be reached; the copy we have is better than nothing.
            guard let cached, cached.entry.response.mayServeStaleOnError, Self.isUnreachable(error) else { throw error }
            recorder.update(scheme: job.url.scheme) { $0.staleServedOnError += 1 }
            return servedFromCache(cached, of: job, isStale: true)
        }
    }

    /// `load(job, revalidating:)` if it finishes within `budget`, else `nil` (the attempt is cancelled).
    private func load(_ job: LoadJob, revalidating cached: (entry: CachedResponse, source: LoadSource),
                      within budget: Duration, metrics: inout LoadMetrics) async throws -> Loaded? {
        let before = metrics
        let outcome = try await withThrowingTaskGroup(of: (Loaded, LoadMetrics)?.self) { group in
            group.addTask {
                var metrics = before
                return (try await self.load(job, revalidating: cached, metrics: &metrics), metrics)
            }
            group.addTask {
                try await Task.sleep(for: budget)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
        guard let (loaded, measured) = outcome else { return nil }
        metrics = measured
        return loaded
    }

    /// Runs the handler (revalidating `cached` when given) and keeps what it delivered.
    private func load(_ job: LoadJob, revalidating cached: (entry: CachedResponse, source: LoadSource)?,
                      metrics: inout LoadMetrics) async throws -> Loaded {
        let key = job.key.cacheKey
        let context = LoadTaskContext(job: job, loader: self, recorder: recorder)
        let task = SchemeLoadTask(url: job.url, cachedResponse: cached?.entry, context: context)
        let client = SchemeLoadClient(wantsBytes: { job.hasByteReaders }) { job.report($0, bytes: $1) }
        try await runHandler(of: job, task: task, client: client, metrics: &metrics)
        (metrics.queueWait, metrics.slotHeld) = context.workTimes
        try Task.checkCancellation()

        let received = client.outcome
        if let refreshed = received.revalidated, let cached {  // the stale copy is still good
            let entry = CachedResponse(response: refreshed, data: cached.entry.data)
            countHit(from: cached.source, scheme: job.url.scheme)
            return Loaded(entry: entry, source: cached.source, writesToDisk: keepInMemory(entry, for: key))
        }
        guard let response = received.response else {
            throw LoadError.handlerFailed(scheme: job.url.scheme ?? "?", reason: "finished without a response")
        }
        let entry = CachedResponse(response: response, data: received.data)
        recorder.update(scheme: job.url.scheme) { $0.bytesLoaded += entry.data.count }
        return Loaded(entry: entry, source: .handler, writesToDisk: isCachingEnabled && keepInMemory(entry, for: key),
                      isStale: received.isStale)
    }

    private func runHandler(of job: LoadJob, task: SchemeLoadTask, client: SchemeLoadClient,
                            metrics: inout LoadMetrics) async throws {
        recorder.update(scheme: job.url.scheme) { $0.handlerLoads += 1 }
        let handlerStart = ContinuousClock.now
        try await SchemeLoadTask.$running.withValue(task) { try await job.handler.load(task, client: client) }
        metrics.handler = ContinuousClock.now - handlerStart
    }

    private func servedFromCache(_ cached: (entry: CachedResponse, source: LoadSource), of job: LoadJob, isStale: Bool) -> Loaded {
        let key = job.key.cacheKey
        countHit(from: cached.source, scheme: job.url.scheme)
        if cached.source == .disk { memoryCache.insert(cached.entry, for: key, cost: cached.entry.data.count) }
        return Loaded(entry: cached.entry, source: cached.source, isStale: isStale)
    }

    /// Failures that mean the source could not be reached or could not answer — not that it refused.
    static func isUnreachable(_ error: any Error) -> Bool {
        switch error as? LoadError {
        case .network?, .timedOut?, .offline?: true
        case .httpStatus(let code, _)?: (500...599).contains(code)
        default: false
        }
    }

    func countHit(from source: LoadSource, scheme: String?) {
        recorder.update(scheme: scheme) { source == .memory ? ($0.memoryHits += 1) : ($0.diskHits += 1) }
    }

    /// Keeps `entry` in memory as its storage policy allows; true when it may also go to disk.
    private func keepInMemory(_ entry: CachedResponse, for key: String) -> Bool {
        switch entry.response.storagePolicy {
        case .allowed:
            memoryCache.insert(entry, for: key, cost: entry.data.count)
            return true
        case .memoryOnly:
            memoryCache.insert(entry, for: key, cost: entry.data.count)
            return false
        case .notAllowed:
            return false
        }
    }
}
