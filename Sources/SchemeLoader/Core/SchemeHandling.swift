// SchemeHandling: the contract of a scheme handler — the URLProtocol contract on Swift concurrency.
import Foundation

/// What a handler is asked to load: the canonical URL, a stale cached copy it may revalidate, and
/// the load's current priority, at which its CPU work runs.
public struct SchemeLoadTask: Sendable {
    /// The canonical URL (as returned by the handler's `canonicalURL(for:)`).
    public let url: URL
    /// A stale cached copy, when there is one; a handler that can revalidate it
    /// (HTTP `If-None-Match`) calls `client.cachedResponseIsValid(_:)` instead of sending data.
    public let cachedResponse: CachedResponse?
    let context: LoadTaskContext?

    /// The load whose handler runs on this task (and the tasks it starts), if any: a byte range read inside
    /// a map's load (`HTTPRangeSource`) is that load's source, at its priority.
    @TaskLocal static var running: SchemeLoadTask?

    /// Creates a task (outside a loader: priority `.normal`).
    public init(url: URL, cachedResponse: CachedResponse? = nil) {
        self.init(url: url, cachedResponse: cachedResponse, context: nil)
    }

    init(url: URL, cachedResponse: CachedResponse?, context: LoadTaskContext?) {
        self.url = url
        self.cachedResponse = cachedResponse
        self.context = context
    }

    /// The load's priority now: the highest among the callers waiting for it. It changes while the
    /// load runs (a prefetched row that became visible).
    public var priority: LoadPriority { context?.job.priority ?? .normal }

    /// Loads `url` through this load's own loader as its source (a thumbnail's picture, an attachment's
    /// ciphertext): one load of the loader like any other — cached, and joined with any other load of that
    /// URL — at this load's priority as it changes (pushed to it), and cancelled when no load that needs it
    /// still waits (cancelling the calling task leaves it). It holds no worker while it waits. `bytesSoFar`,
    /// when given, hears the bytes received so far each time more arrive (not for a cached copy, which comes
    /// whole). Outside a loader there is no source to load: `LoadError.handlerFailed`.
    public func source(_ url: URL, bytesSoFar: (@Sendable (Data) -> Void)? = nil) async throws -> LoadResult {
        guard let context, let loader = context.loader else {
            throw LoadError.handlerFailed(scheme: self.url.scheme ?? "?", reason: "\(url.absoluteString) is a source, loaded only inside a loader")
        }
        let result = try await loader.result(for: LoadRequest(url: url, priority: context.job.priority),
                                             follows: context.job.workPriority, bytesSoFar: bytesSoFar)
        context.tookSource(result.metrics)
        return result
    }

    /// Runs blocking, CPU-bound `work` (a decode, an encode) on `workers` at this load's priority, as it
    /// changes while the work waits: the most urgent waiting work runs next. Work still waiting when the
    /// load is cancelled never runs (`CancellationError`). Outside a loader it runs at `.normal`.
    public func work<T: Sendable>(on workers: WorkerPool, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        guard let context else { return try await workers.run(work) }
        let queued = ContinuousClock.now
        let times = Locked<(waited: Duration, ran: Duration)?>(nil)
        defer { context.ended(work: times.withLock { $0 }) }
        return try await workers.run(at: context.job.workPriority) {
            let start = ContinuousClock.now
            defer { times.withLock { $0 = (start - queued, ContinuousClock.now - start) } }
            return try work()
        }
    }
}

/// What a running load lends its handler: the job (for its priority), the loader (for its sources), and what
/// notes the work it ran.
final class LoadTaskContext: Sendable {
    let job: LoadJob
    /// The loader running the job (weak: a handler's task never keeps its loader).
    weak let loader: SchemeLoader?
    private let recorder: StatisticsRecorder
    private let times = Locked<(waited: Duration, ran: Duration)?>(nil)

    init(job: LoadJob, loader: SchemeLoader, recorder: StatisticsRecorder) {
        self.job = job
        self.loader = loader
        self.recorder = recorder
    }

    /// Notes a `work` call that ended: how long its work waited for a worker and ran (`nil`: withdrawn before it
    /// ran). Work that ran counts as work run, and as work for a cancelled load when nobody waits for it any more.
    func ended(work duration: (waited: Duration, ran: Duration)?) {
        guard let duration else { return }
        times.withLock { $0 = (($0?.waited ?? .zero) + duration.waited, ($0?.ran ?? .zero) + duration.ran) }
        let wasted = job.isCancelled
        recorder.update(scheme: job.url.scheme) { statistics in
            statistics.workRun += 1
            if wasted { statistics.workForCancelledLoads += 1 }
        }
    }
    /// Notes a source this load waited for: the worker time its load took (waiting and running) is this load's
    /// too — a thumbnail of a photo is the photo's render and the thumbnail's encode.
    func tookSource(_ metrics: LoadMetrics) {
        guard metrics.queueWait != nil || metrics.slotHeld != nil else { return }
        times.withLock {
            $0 = (($0?.waited ?? .zero) + (metrics.queueWait ?? .zero), ($0?.ran ?? .zero) + (metrics.slotHeld ?? .zero))
        }
    }

    /// Time `work` waited for a worker, and ran on one; `nil` both if no work ran.
    var workTimes: (waited: Duration?, ran: Duration?) { times.withLock { ($0?.waited, $0?.ran) } }
}

/// A loader of one kind of URL (`http`, `file`, `map`, `asset`, …), like `URLProtocol`.
///
/// The loader calls `canHandle` to pick the handler (first match wins), `canonicalURL` to get the
/// cache key, then `load`. `load` reports a response, then data chunks, to the client and returns
/// to finish; it throws to fail. Stopping is cooperative: when the last caller cancels, the task
/// running `load` is cancelled and the handler should end promptly with `CancellationError`.
public protocol SchemeHandling: Sendable {
    /// Whether this handler loads `url` (usually decided by its scheme).
    func canHandle(_ url: URL) -> Bool
    /// The canonical form of `url`, used as the cache key; throws `LoadError` for bad URLs.
    func canonicalURL(for url: URL) throws -> URL
    /// The canonical form of `url`, for a handler whose URLs name other URLs of the loader (a thumbnail's
    /// source), which `registry` makes canonical. The default: `canonicalURL(for:)`.
    func canonicalURL(for url: URL, resolving registry: SchemeRegistry) throws -> URL
    /// Loads the bytes for `task`, reporting them to `client`.
    func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws
    /// Releases resources (connection pools). Called by `SchemeLoader.shutdown()`.
    func shutdown() async
    /// Whether `canonical` (a URL this handler made canonical) stays the key of its URL for good, so
    /// the loader may remember it. `false` when the key carries the state of a source that can
    /// change (a file's identity): then `canonicalURL(for:)` is asked on every load.
    func isCanonicalURLStable(_ canonical: URL) -> Bool
    /// `isCanonicalURLStable(_:)` for a key that holds other URLs of the loader, whose handlers `registry`
    /// finds. The default: `isCanonicalURLStable(_:)`.
    func isCanonicalURLStable(_ canonical: URL, resolving registry: SchemeRegistry) -> Bool
    /// Forgets the hosts found unreachable, so that the next load asks them again at once (the user asked to
    /// retry). Called by `SchemeLoader.forgetUnreachableHosts()`.
    func forgetUnreachableHosts()
    /// Whether a cached copy stored with `response` may answer a request for `canonical` made now: `false`
    /// when the response varies on request fields (HTTP `Vary`) this handler would now send otherwise.
    func mayReuse(_ response: LoadResponse, for canonical: URL) -> Bool
    /// How long a load of a URL with a stale cached copy waits for this handler before the copy is served
    /// instead (then revalidated in the background, and replaced where it changed) — unless the copy
    /// must not be served stale. `nil`: wait for the handler (the default).
    var staleCopyBudget: Duration? { get }
}

extension SchemeHandling {
    /// Default: nothing to release.
    public func shutdown() async {}
    /// Default: canonical URLs depend on the URL only.
    public func isCanonicalURLStable(_ canonical: URL) -> Bool { true }
    /// Default: the URL alone decides its canonical form.
    public func canonicalURL(for url: URL, resolving registry: SchemeRegistry) throws -> URL { try canonicalURL(for: url) }
    /// Default: the URL alone decides.
    public func isCanonicalURLStable(_ canonical: URL, resolving registry: SchemeRegistry) -> Bool { isCanonicalURLStable(canonical) }
    /// Default: no hosts to forget.
    public func forgetUnreachableHosts() {}
    /// Default: every copy may be reused.
    public func mayReuse(_ response: LoadResponse, for canonical: URL) -> Bool { true }
    /// Default: wait for the handler.
    public var staleCopyBudget: Duration? { nil }
}
