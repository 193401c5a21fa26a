// MapSchemeHandler: the `map://` scheme — offline map snapshots rendered to PNG.
import Foundation
import SchemeLoader

/// Loads `map://?latitude=…&longitude=…` URLs by rendering a snapshot from tiles archives.
///
/// The archives are the shipped world data and, optionally, any OpenMapTiles MBTiles or PMTiles
/// ("bring your own tiles") for street-level detail. They are opened on the first load, once per process.
public struct MapSchemeHandler: SchemeHandling {
    /// The archives this handler draws from: files (MBTiles or PMTiles) or http(s) URLs.
    public let tilesFiles: [URL]
    /// The `tiles` token of this handler's canonical URLs (nil: none, the shipped archives).
    public let cacheTag: String?
    private let opener: TileArchiveOpener
    private let snapshotter: MapSnapshotter?
    private let renderPool: WorkerPool

    /// A handler drawing from `tilesFiles` (the world file first, then any extracts), opened with
    /// `opener`; they are opened lazily, so a missing file surfaces as a `MapSnapshotError` from
    /// `load`. Tiles are read on the files' own threads, all a snapshot needs at once; drawing
    /// (CPU-bound, ~8 ms and up) runs on `renderPool`'s low-priority threads, never on Swift's
    /// cooperative pool, which the UI and the loader need to stay responsive. `cacheTag` goes into
    /// every canonical URL (see `cacheTag(for:)`), so pictures cached from other archives never answer.
    public init(tilesFiles: [URL], opener: TileArchiveOpener = TileArchiveOpener(), renderPool: WorkerPool = .shared,
                cacheTag: String? = nil) {
        self.tilesFiles = tilesFiles
        self.cacheTag = cacheTag
        self.opener = opener
        snapshotter = nil
        self.renderPool = renderPool
    }

    /// A handler drawing with an already opened snapshotter.
    public init(snapshotter: MapSnapshotter, renderPool: WorkerPool = .shared) {
        tilesFiles = snapshotter.archives.map { URL(string: $0.name).flatMap { TileArchiveOpener.isRemote($0) ? $0 : nil } ?? URL(fileURLWithPath: $0.name) }
        opener = TileArchiveOpener()
        cacheTag = nil
        self.snapshotter = snapshotter
        self.renderPool = renderPool
    }

    /// True for `map:` URLs.
    public func canHandle(_ url: URL) -> Bool {
        url.scheme?.lowercased() == MapSnapshotURL.scheme
    }

    /// The canonical `map://` URL (every parameter, sorted, one spelling, this handler's `tiles` token);
    /// throws `LoadError` naming a bad parameter.
    public func canonicalURL(for url: URL) throws -> URL {
        var snapshot = try MapSnapshotURL(url: url)
        snapshot.tiles = cacheTag
        return snapshot.url
    }

    /// The cache tag of maps drawn from `locations`: their URLs with the version each remote archive had when
    /// it was opened (`versions`, by URL), or their paths with each file's version (a file rewritten in place is
    /// another tag), hashed. A map drawn from another version of an archive is under another key.
    public static func cacheTag(for locations: [URL], versions: [String: String] = [:]) -> String {
        MapSnapshotURL.tilesToken(for: locations.map { location in
            if TileArchiveOpener.isRemote(location) {
                return location.absoluteString + (versions[location.absoluteString].map { " " + $0 } ?? "")
            }
            let path = TileArchiveOpener.localPath(location)
            return path + " " + (FileIdentity.of(path: path)?.token ?? "absent")
        })
    }

    /// Renders the snapshot and reports it as `image/png` (cacheable on disk: the same URL always
    /// gives the same bytes); an archive that changed on its server is opened again, once (that map is kept in
    /// memory only: its key names the version read before). Throws
    /// `LoadError` for bad parameters, `MapSnapshotError` for bad data,
    /// `CancellationError` when the load is cancelled (tile reads stop; a drawing already started ends).
    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let snapshot = try MapSnapshotURL(url: task.url)
        try Task.checkCancellation()
        let png: Data
        // A map drawn from a version of the archive that came after the one in its key: shown, not kept on disk.
        var newerThanItsKey = false
        if let snapshotter {
            png = try await snapshotter.pngData(for: snapshot, as: task, on: renderPool)
        } else {
            do {
                png = try await MapSnapshotter.shared(tilesFiles, opener: opener).pngData(for: snapshot, as: task, on: renderPool)
            } catch MapSnapshotError.archiveChanged {
                // Another version on the server: its directories are read again, once, from a new source.
                MapSnapshotter.forgetShared(tilesFiles)
                newerThanItsKey = true
                png = try await MapSnapshotter.shared(tilesFiles, opener: opener).pngData(for: snapshot, as: task, on: renderPool)
            }
        }
        try Task.checkCancellation()
        client.didReceive(LoadResponse(mimeType: "image/png", expectedLength: png.count,
                                       storagePolicy: newerThanItsKey ? .memoryOnly : .allowed))
        client.didLoad(png)
    }
}
