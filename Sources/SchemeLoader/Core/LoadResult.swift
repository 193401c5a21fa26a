// LoadResult: the bytes a caller receives, with where they came from and how long each stage took.
import Foundation

/// Which tier produced a result.
public enum LoadSource: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The in-memory cache (served synchronously when fresh; also a stale copy the handler confirmed as still valid).
    case memory
    /// The disk cache (also a stale copy the handler confirmed as still valid).
    case disk
    /// The scheme handler: a network download, a file read, a rendering.
    case handler

    public var description: String { rawValue }
}

/// Durations of the stages a request went through; stages it skipped are `nil`.
public struct LoadMetrics: Sendable, Hashable {
    /// From the call to the delivery of the result.
    public var total: Duration
    /// Time spent reading the disk cache.
    public var diskLookup: Duration?
    /// Time the handler's CPU work waited in the workers' priority queue (`SchemeLoadTask.work(on:_:)`), with
    /// the waits of the sources it loaded (`SchemeLoadTask.source(_:)`).
    public var queueWait: Duration?
    /// Time spent in the scheme handler.
    public var handler: Duration?
    /// The part of `handler` spent working on a worker (`SchemeLoadTask.work(on:_:)`), its own and its
    /// sources', without waits for a worker. `handler − slotHeld − queueWait` is waiting that holds no worker
    /// (a download).
    public var slotHeld: Duration?

    /// Creates metrics.
    public init(total: Duration, diskLookup: Duration? = nil, queueWait: Duration? = nil, handler: Duration? = nil,
                slotHeld: Duration? = nil) {
        self.total = total
        self.diskLookup = diskLookup
        self.queueWait = queueWait
        self.handler = handler
        self.slotHeld = slotHeld
    }
}

/// The outcome of a successful load.
public struct LoadResult: Sendable {
    /// The canonical URL (the cache key) of the request.
    public let url: URL
    /// The bytes.
    public let data: Data
    /// The response metadata.
    public let response: LoadResponse
    /// Which tier produced the bytes.
    public let source: LoadSource
    /// True when this caller joined a load another caller had started.
    public let wasCoalesced: Bool
    /// Stage timings.
    public let metrics: LoadMetrics
    /// True for a cached copy past its freshness that was not revalidated: shown while a background
    /// revalidation runs, or because the source could not be reached. It may be out of date.
    public let isStale: Bool

    /// Creates a result.
    public init(url: URL, data: Data, response: LoadResponse, source: LoadSource, wasCoalesced: Bool, metrics: LoadMetrics,
                isStale: Bool = false) {
        self.url = url
        self.data = data
        self.response = response
        self.source = source
        self.wasCoalesced = wasCoalesced
        self.metrics = metrics
        self.isStale = isStale
    }
}

/// How far a load has come.
public struct LoadProgress: Sendable, Hashable {
    /// Bytes received so far.
    public var received: Int
    /// Bytes expected in all, when the handler knows.
    public var expected: Int?
    /// A stand-in for the result that the handler made from what has arrived so far (a thumbnail of a
    /// photo's EXIF thumbnail, or of a progressive JPEG's first scans), in the result's own encoding.
    public var preview: Data?

    /// Creates a progress value.
    public init(received: Int, expected: Int?, preview: Data? = nil) {
        self.received = received
        self.expected = expected
        self.preview = preview
    }

    /// The completed fraction in 0…1, when the expected length is known.
    public var fraction: Double? {
        guard let expected, expected > 0 else { return nil }
        return min(1, Double(received) / Double(expected))
    }
}
