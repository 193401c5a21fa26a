// SchemeLoader+Pipeline: what one shared load does — disk lookup, wait for a slot, handler, store.
import Foundation

extension SchemeLoader {
    /// Runs `job` and completes its listeners.
    func run(_ job: LoadJob) async {
        var metrics = LoadMetrics(total: .zero)
        let outcome: Result<(CachedResponse, LoadSource), any Error>
        do {
            outcome = .success(try await pipeline(job, metrics: &metrics))
        } catch {
            outcome = .failure(error)
        }
        retire(job)
        let listeners = job.finish()
        // A cache-only miss is an answer ("not cached"), not a failure of the source.
        if case .failure(let error) = outcome, !(error is CancellationError), !listeners.isEmpty,
           job.key.policy != .cacheOnly {
            recorder.update { $0.failures += 1 }
        }
        for listener in listeners {
            listener.completion(outcome.map { entry, source in
                var own = metrics
                own.total = ContinuousClock.now - listener.startedAt
                recorder.record(own.total, for: source)
                return LoadResult(url: job.url, data: entry.data, response: entry.response, source: source,
                                  wasCoalesced: listener.joined, metrics: own)
            })
        }
    }

    private func pipeline(_ job: LoadJob, metrics: inout LoadMetrics) async throws -> (CachedResponse, LoadSource) {
        let key = job.key.cacheKey
        let usesCache = job.key.policy != .reloadIgnoringCache && isCachingEnabled
        var stale: CachedResponse?
        if usesCache, let diskCache {
            let lookupStart = ContinuousClock.now
            let entry = await diskCache.entry(for: key)
            metrics.diskLookup = ContinuousClock.now - lookupStart
            if let entry, entry.response.isFresh(at: now()) || job.key.policy == .cacheOnly {
                recorder.update { $0.diskHits += 1 }
                memoryCache.insert(entry, for: key, cost: entry.data.count)
                return (entry, .disk)
            }
            stale = entry
        }
        if job.key.policy == .cacheOnly { throw LoadError.notCached(url: key) }

        let waitStart = ContinuousClock.now
        try await scheduler.acquire { job.priority }
        defer { scheduler.release() }
        metrics.queueWait = ContinuousClock.now - waitStart
        try Task.checkCancellation()

        recorder.update { $0.handlerLoads += 1 }
        let handlerStart = ContinuousClock.now
        let client = SchemeLoadClient { job.report($0) }
        try await job.handler.load(SchemeLoadTask(url: job.url, cachedResponse: stale), client: client)
        metrics.handler = ContinuousClock.now - handlerStart
        try Task.checkCancellation()

        let received = client.outcome
        if let refreshed = received.revalidated, let stale {
            let entry = CachedResponse(response: refreshed, data: stale.data)
            recorder.update { $0.diskHits += 1 }
            await store(entry, for: key)
            return (entry, .disk)
        }
        guard let response = received.response else {
            throw LoadError.handlerFailed(scheme: job.url.scheme ?? "?", reason: "finished without a response")
        }
        let entry = CachedResponse(response: response, data: received.data)
        recorder.update { $0.bytesLoaded += entry.data.count }
        if isCachingEnabled { await store(entry, for: key) }
        return (entry, .handler)
    }

    private func store(_ entry: CachedResponse, for key: String) async {
        switch entry.response.storagePolicy {
        case .allowed:
            memoryCache.insert(entry, for: key, cost: entry.data.count)
            await diskCache?.store(entry, for: key)
        case .memoryOnly:
            memoryCache.insert(entry, for: key, cost: entry.data.count)
        case .notAllowed:
            break
        }
    }
}
