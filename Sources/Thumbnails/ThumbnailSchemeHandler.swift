// ThumbnailSchemeHandler: loads a thumbnail's source as a source of the same loader and encodes it for the terminal.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics

/// Turns picture bytes into a terminal picture for a box (sixel, symbols or ASCII).
public protocol ThumbnailEncoding: Sendable {
    /// Encodes `data` (an image file's bytes) for `box`.
    func encode(_ data: Data, for box: ThumbnailBox) throws -> TerminalPicture
    /// Encodes and tells how long the stages took; the default times `encode(_:for:)` as a whole.
    func encodeTimed(_ data: Data, for box: ThumbnailBox) throws -> (picture: TerminalPicture, times: ThumbnailStageTimes)
    /// How to make the frames of an animated GIF or WebP for `box`, or `nil` for a still picture. The default: `nil`.
    func animationFrames(of data: Data, for box: ThumbnailBox) throws -> AnimationFrames?
}

extension ThumbnailEncoding {
    /// No animations: every picture is its first frame.
    public func animationFrames(of data: Data, for box: ThumbnailBox) throws -> AnimationFrames? { nil }

    /// Times `encode(_:for:)` as one stage.
    public func encodeTimed(_ data: Data, for box: ThumbnailBox) throws -> (picture: TerminalPicture, times: ThumbnailStageTimes) {
        let start = ContinuousClock.now
        let picture = try encode(data, for: box)
        return (picture, ThumbnailStageTimes(decode: nil, encode: ContinuousClock.now - start))
    }
}

/// Handles `thumb://` URLs: the stage of the picture pipeline whose source is another load of the same loader
/// (`SchemeLoadTask.source`), so a picture and its thumbnails share one registry, job table, cache and statistics.
public struct ThumbnailSchemeHandler: SchemeHandling {
    let encoder: any ThumbnailEncoding
    let observer: (@Sendable (ThumbnailReport) -> Void)?
    let workers: WorkerPool

    /// Creates the handler, to sit in the loader beside the handlers of its sources; `observer`, when given,
    /// hears about every encode (for `--stats` and benchmarks); encoding runs on `workers`.
    public init(encoder: any ThumbnailEncoding = ThumbnailEncoder(),
                observer: (@Sendable (ThumbnailReport) -> Void)? = nil, workers: WorkerPool = .shared) {
        self.encoder = encoder
        self.observer = observer
        self.workers = workers
    }

    /// True for `thumb://` URLs.
    public func canHandle(_ url: URL) -> Bool { url.scheme?.lowercased() == ThumbnailURL.scheme }

    /// The thumbnail URL as it is (its source made canonical only where the loader's registry is at hand).
    public func canonicalURL(for url: URL) throws -> URL { try ThumbnailURL(url: url).url }

    /// The thumbnail URL with its source made canonical by the handler `registry` picks for it.
    public func canonicalURL(for url: URL, resolving registry: SchemeRegistry) throws -> URL {
        var thumbnail = try ThumbnailURL(url: url)
        thumbnail.source = try registry.resolve(thumbnail.source).canonicalURL
        return thumbnail.url
    }

    /// Stable when the source's key is (an `http` picture); not for `file://` or `asset://` sources,
    /// whose keys carry the file's identity.
    public func isCanonicalURLStable(_ canonical: URL, resolving registry: SchemeRegistry) -> Bool {
        guard let source = try? ThumbnailURL(url: canonical).source,
              let handler = try? registry.handler(for: source) else { return true }
        return handler.isCanonicalURLStable(source, resolving: registry)
    }

    /// Loads the source as this load's source (at its priority, as it changes), then encodes it
    /// for the box on a worker and delivers the picture. A thumbnail's entity tag is its source's
    /// content tag: revalidating a stale thumbnail revalidates its source, and when the source's bytes
    /// are the same the thumbnail is kept without encoding it again.
    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let thumbnail = try ThumbnailURL(url: task.url)
        if thumbnail.isSketch { return try await loadSketch(of: thumbnail, for: task, client: client) }
        if thumbnail.isFrames { return try await loadFrames(of: thumbnail, for: task, client: client) }
        // While a web picture downloads, its first bytes may already hold a preview (not for a preview itself).
        let source: LoadResult
        if thumbnail.fromEmbeddedThumbnail {
            source = try await loadSource(of: thumbnail, for: task, bytesSoFar: nil)
        } else {
            let partial = PartialPreview(thumbnail, encoder: encoder, workers: workers, task: task, client: client)
            source = try await partial.whileLoading { try await loadSource(of: thumbnail, for: task, bytesSoFar: $0) }
        }
        try Task.checkCancellation()
        // A source that never goes stale (a map, a photo of the gallery) needs no tag: its thumbnail is
        // never revalidated, and hashing its bytes would only cost time on every encode.
        let tag = source.response.expiresAt == nil ? nil : CacheValidators.contentTag(of: source.data)
        if let tag, let cached = task.cachedResponse, cached.response.validators.entityTag == tag {
            guard !source.isStale else {  // the same bytes, but nobody could confirm them: keep the stale copy
                throw LoadError.network(reason: "its source could not be revalidated", url: thumbnail.source.absoluteString)
            }
            client.cachedResponseIsValid(Self.response(for: source.response, tag: tag, length: cached.data.count, mode: thumbnail.box.mode))
            return
        }
        // A preview is a stand-in only while it is cheap: from the photo's own small picture, never a second decode
        // of the photo beside its thumbnail's.
        var encoded = source.data
        if thumbnail.fromEmbeddedThumbnail {
            guard let embedded = EmbeddedThumbnail.jpeg(in: source.data) else {
                throw LoadError.handlerFailed(scheme: ThumbnailURL.scheme, reason: "\(thumbnail.source.absoluteString) carries no EXIF thumbnail to preview")
            }
            encoded = embedded
        }
        let start = ContinuousClock.now
        // An animation's first frame is shown (as the thumbnail's preview) while the others are made.
        let animation = thumbnail.animated ? try await frames(of: encoded, for: thumbnail.box, task: task) { made in
            if made.frames.count == 1, !made.isComplete { client.didProducePreview(made.frames[0].encoded) }
        } : nil
        let (bytes, times): (Data, ThumbnailStageTimes)
        if let kitty = animation?.kittyPicture {
            (bytes, times) = (kitty.encoded, ThumbnailStageTimes(decode: nil, encode: ContinuousClock.now - start))
        } else {
            (bytes, times) = try await task.work(on: workers) { [encoder, encoded] () throws -> (Data, ThumbnailStageTimes) in
                let (picture, times) = try encoder.encodeTimed(encoded, for: thumbnail.box)
                return (picture.encoded, times)
            }
        }
        try Task.checkCancellation()
        deliver(bytes, made: times, from: source, tag: tag, for: thumbnail, task: task, client: client)
    }

    /// Reports an encode to the observer and hands `bytes`, made from `source`, to `client` as the thumbnail.
    func deliver(_ bytes: Data, made times: ThumbnailStageTimes, from source: LoadResult, tag: String?, for thumbnail: ThumbnailURL,
                 task: SchemeLoadTask, client: SchemeLoadClient) {
        observer?(ThumbnailReport(url: task.url, sourceSource: source.source, sourceMetrics: source.metrics,
                                  sourceBytes: source.data.count, times: times, encodedBytes: bytes.count))
        client.didReceive(Self.response(for: source.response, tag: tag, length: bytes.count, mode: thumbnail.box.mode))
        if source.isStale { client.madeFromStaleSource() }
        client.didLoad(bytes)
    }

    /// The source of `thumbnail`, loaded as the source of `task`. An `mxc://` picture is
    /// asked as the server's thumbnail that holds the box, not as the whole file.
    private func loadSource(of thumbnail: ThumbnailURL, for task: SchemeLoadTask,
                            bytesSoFar: (@Sendable (Data) -> Void)?) async throws -> LoadResult {
        let sourceURL = ThumbnailSource.loaded(for: thumbnail)
        do {
            return try await task.source(sourceURL, bytesSoFar: bytesSoFar)
        } catch where sourceURL != thumbnail.source && ThumbnailSource.mayFallBack(after: error) {
            // The server made no thumbnail of it (not a picture it can scale): the whole file, as asked.
            return try await task.source(thumbnail.source, bytesSoFar: bytesSoFar)
        }
    }

    /// A thumbnail's metadata: its source's freshness rules, the source's content tag (if any) as its entity tag.
    /// The thumbnail of a confidential source (a decrypted attachment) is confidential and kept in memory at most.
    static func response(for source: LoadResponse, tag: String?, length: Int, mode: GraphicsMode) -> LoadResponse {
        let confidential = source.isConfidential == true
        var policy = storagePolicy(source: source.storagePolicy, mode: mode)
        if confidential, policy == .allowed { policy = .memoryOnly }
        return LoadResponse(mimeType: "application/x-terminal-picture", expectedLength: length, storagePolicy: policy,
                            expiresAt: source.expiresAt, validators: CacheValidators(entityTag: tag),
                            staleWhileRevalidate: source.staleWhileRevalidate, mustRevalidate: source.mustRevalidate,
                            isConfidential: confidential ? true : nil)
    }

    /// Where a thumbnail may be kept: never beyond its source (a `no-store` source gives a thumbnail
    /// that is not cached at all); pixels (sixel, kitty/iTerm2 PNG) are costly to make and worth a
    /// disk copy; text art is cheap to redo: memory only. (A `file://` source is memory-only for its bytes, but its key carries
    /// the file's identity, so its thumbnail may go to disk.)
    static func storagePolicy(source: StoragePolicy, mode: GraphicsMode) -> StoragePolicy {
        if source == .notAllowed { return .notAllowed }
        return mode.isPixelMode ? .allowed : .memoryOnly
    }
}
