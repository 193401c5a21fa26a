// MapSchemeHandler: the `map://` scheme — offline map snapshots rendered to PNG.
import Foundation
import SchemeLoader

/// Loads `map://?latitude=…&longitude=…` URLs by rendering a snapshot from MBTiles files.
///
/// The files are the shipped world data and, optionally, any OpenMapTiles MBTiles ("bring your own
/// tiles") for street-level detail. They are opened on the first load, once per process.
public struct MapSchemeHandler: SchemeHandling {
    /// The tiles files this handler draws from.
    public let tilesFiles: [URL]
    private let snapshotter: MapSnapshotter?
    private let renderQueue: DispatchQueue

    /// A handler drawing from `tilesFiles` (the world file first, then any extracts); the files are
    /// opened lazily, so a missing file surfaces as a `MapSnapshotError` from `load`. Opening and
    /// drawing run on `renderQueue` (default: the handler's own concurrent queue), never on Swift's
    /// cooperative pool.
    public init(tilesFiles: [URL], renderQueue: DispatchQueue = MapSchemeHandler.sharedRenderQueue) {
        self.tilesFiles = tilesFiles
        snapshotter = nil
        self.renderQueue = renderQueue
    }

    /// A handler drawing with an already opened snapshotter.
    public init(snapshotter: MapSnapshotter, renderQueue: DispatchQueue = MapSchemeHandler.sharedRenderQueue) {
        tilesFiles = snapshotter.files.map { URL(fileURLWithPath: $0.path) }
        self.snapshotter = snapshotter
        self.renderQueue = renderQueue
    }

    /// True for `map:` URLs.
    public func canHandle(_ url: URL) -> Bool {
        url.scheme?.lowercased() == MapSnapshotURL.scheme
    }

    /// The canonical `map://` URL (every parameter, sorted, one spelling); throws `LoadError` naming a bad parameter.
    public func canonicalURL(for url: URL) throws -> URL {
        try MapSnapshotURL(url: url).url
    }

    /// Renders the snapshot and reports it as `image/png` (cacheable on disk: the same URL always
    /// gives the same bytes); throws `LoadError` for bad parameters, `MapSnapshotError` for bad data.
    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let snapshot = try MapSnapshotURL(url: task.url)
        try Task.checkCancellation()
        let (snapshotter, tilesFiles) = (snapshotter, tilesFiles)
        let png = try await Self.run(on: renderQueue) {
            let renderer = try snapshotter ?? MapSnapshotter.shared(tilesFiles: tilesFiles)
            return try renderer.pngData(for: snapshot)
        }
        try Task.checkCancellation()
        client.didReceive(LoadResponse(mimeType: "image/png", expectedLength: png.count, storagePolicy: .allowed))
        client.didLoad(png)
    }

    /// The map renderers' own threads: opening tiles files and drawing (tens to hundreds of
    /// milliseconds) are blocking work that must never hold one of the few threads of Swift's
    /// cooperative pool, which the UI and the loader need to stay responsive.
    public static let sharedRenderQueue = DispatchQueue(label: "snapterm.map-render", qos: .userInitiated, attributes: .concurrent)

    private static func run<T: Sendable>(on queue: DispatchQueue, _ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
