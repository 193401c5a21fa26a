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
    private let renderPool: WorkerPool

    /// A handler drawing from `tilesFiles` (the world file first, then any extracts); the files are
    /// opened lazily, so a missing file surfaces as a `MapSnapshotError` from `load`. Opening and
    /// drawing (CPU-bound, ~8 ms and up) run on `renderPool`'s low-priority threads, never on Swift's
    /// cooperative pool, which the UI and the loader need to stay responsive.
    public init(tilesFiles: [URL], renderPool: WorkerPool = .shared) {
        self.tilesFiles = tilesFiles
        snapshotter = nil
        self.renderPool = renderPool
    }

    /// A handler drawing with an already opened snapshotter.
    public init(snapshotter: MapSnapshotter, renderPool: WorkerPool = .shared) {
        tilesFiles = snapshotter.files.map { URL(fileURLWithPath: $0.path) }
        self.snapshotter = snapshotter
        self.renderPool = renderPool
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
        let png = try await renderPool.run {
            let renderer = try snapshotter ?? MapSnapshotter.shared(tilesFiles: tilesFiles)
            return try renderer.pngData(for: snapshot)
        }
        try Task.checkCancellation()
        client.didReceive(LoadResponse(mimeType: "image/png", expectedLength: png.count, storagePolicy: .allowed))
        client.didLoad(png)
    }
}
