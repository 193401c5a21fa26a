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

    /// A handler drawing from `tilesFiles` (the world file first, then any extracts); the files are
    /// opened lazily, so a missing file surfaces as a `MapSnapshotError` from `load`.
    public init(tilesFiles: [URL]) {
        self.tilesFiles = tilesFiles
        snapshotter = nil
    }

    /// A handler drawing with an already opened snapshotter.
    public init(snapshotter: MapSnapshotter) {
        tilesFiles = snapshotter.files.map { URL(fileURLWithPath: $0.path) }
        self.snapshotter = snapshotter
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
        let renderer = try snapshotter ?? MapSnapshotter.shared(tilesFiles: tilesFiles)
        // Rendering is CPU-bound (~8 ms): on a low-priority worker, never on the cooperative pool.
        let png = try await WorkerPool.shared.run { try renderer.pngData(for: snapshot) }
        try Task.checkCancellation()
        client.didReceive(LoadResponse(mimeType: "image/png", expectedLength: png.count, storagePolicy: .allowed))
        client.didLoad(png)
    }
}
