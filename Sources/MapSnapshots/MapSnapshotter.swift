// MapSnapshotter: renders `map://` snapshots from MBTiles files — the MKMapSnapshotter equivalent.
import Foundation
import Imaging
import SchemeLoader

/// A rendered snapshot: the pixels and the same picture as PNG bytes.
public struct MapSnapshot: Sendable {
    /// The pixels (opaque RGBA).
    public let bitmap: Bitmap
    /// The PNG encoding of `bitmap`.
    public let pngData: Data
}

/// Renders map snapshots from one or more tiles archives (MBTiles or PMTiles), caching decoded tiles.
///
/// Archives are drawn in their role's order — the world, then OpenMapTiles base maps, then overlays —
/// so a city extract is drawn over the world wherever it has tiles. A snapshot first reads the tiles
/// it lacks, all at once (a remote archive's latency overlaps), then draws synchronously with Cairo.
public final class MapSnapshotter: Sendable {
    /// The archives, in drawing order.
    public let archives: [any TileArchive]
    let cache: TileCache

    /// The attribution of Snapterm's shipped data.
    public static let worldAttribution = "© GSHHG, GeoNames"
    /// The attribution required wherever OpenStreetMap data is drawn.
    public static let openStreetMapAttribution = "© OpenStreetMap contributors"

    /// Draws from `archives`; throws `.noTilesFiles` when there are none. `cacheBytes` bounds the
    /// decoded tiles kept in memory (estimated; default 64 MiB).
    public init(archives: [any TileArchive], cacheBytes: Int = 64 << 20) throws(MapSnapshotError) {
        guard !archives.isEmpty else { throw .noTilesFiles }
        let order: [TileSourceRole: Int] = [.world: 0, .baseMap: 1, .overlay: 2]
        self.archives = archives.enumerated()
            .sorted { (order[$0.element.role] ?? 0, $0.offset) < (order[$1.element.role] ?? 0, $1.offset) }
            .map(\.element)
        cache = TileCache(capacity: cacheBytes)
    }

    /// Draws from the MBTiles files `tilesFiles` (each opened once per process); throws
    /// `MapSnapshotError` if any is missing or damaged. `open(_:)` also reads PMTiles and URLs.
    public convenience init(tilesFiles: [URL], cacheBytes: Int = 64 << 20) throws(MapSnapshotError) {
        var opened: [any TileArchive] = []
        for url in tilesFiles { opened.append(try MBTilesFile.open(url)) }
        try self.init(archives: opened, cacheBytes: cacheBytes)
    }

    /// Draws from the archives at `locations` (files, MBTiles or PMTiles by their content, or http(s)
    /// URLs `opener` can read); throws `MapSnapshotError` naming the first that cannot be opened.
    public static func open(_ locations: [URL], opener: TileArchiveOpener = TileArchiveOpener(),
                            cacheBytes: Int = 64 << 20) async throws -> MapSnapshotter {
        var opened: [any TileArchive] = []
        for location in locations { opened.append(try await opener.open(location)) }
        return try MapSnapshotter(archives: opened, cacheBytes: cacheBytes)
    }

    private static let sharedSnapshotters = Locked<[[String]: MapSnapshotter]>([:])

    /// The process-wide snapshotter for `locations` (opened on first use, so tiles and directories stay
    /// cached between snapshots); a failed open is not remembered.
    public static func shared(_ locations: [URL], opener: TileArchiveOpener = TileArchiveOpener()) async throws -> MapSnapshotter {
        let key = sharedKey(locations)
        if let existing = sharedSnapshotters.withLock({ $0[key] }) { return existing }
        let created = try await open(locations, opener: opener)
        return sharedSnapshotters.withLock { all in
            if let existing = all[key] { return existing }
            all[key] = created
            return created
        }
    }

    /// Forgets the process-wide snapshotter for `locations` (an archive of it changed): the next
    /// `shared(_:opener:)` opens them again.
    public static func forgetShared(_ locations: [URL]) {
        _ = sharedSnapshotters.withLock { $0.removeValue(forKey: sharedKey(locations)) }
    }

    private static func sharedKey(_ locations: [URL]) -> [String] {
        locations.map { TileArchiveOpener.isRemote($0) ? $0.absoluteString : $0.standardizedFileURL.path }
    }

    /// The shipped files in `assetsFolder` (`world.mbtiles`, `helsinki.mbtiles`) that exist.
    public static func bundledTilesFiles(in assetsFolder: URL) -> [URL] {
        ["world.mbtiles", "helsinki.mbtiles"].map { assetsFolder.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Renders `snapshot` to pixels and PNG; the drawing runs on `renderPool`.
    public func snapshot(_ snapshot: MapSnapshotURL, renderPool: WorkerPool = .foreground) async throws -> MapSnapshot {
        try await rendered(snapshot, on: renderPool) { canvas in
            let bitmap = try canvas.bitmap()
            return MapSnapshot(bitmap: bitmap, pngData: try PNGEncoder.encode(bitmap))
        }
    }

    /// Renders `snapshot` to pixels only.
    public func bitmap(for snapshot: MapSnapshotURL, renderPool: WorkerPool = .foreground) async throws -> Bitmap {
        try await rendered(snapshot, on: renderPool) { try $0.bitmap() }
    }

    /// Renders `snapshot` to PNG bytes only.
    public func pngData(for snapshot: MapSnapshotURL, renderPool: WorkerPool = .foreground) async throws -> Data {
        try await rendered(snapshot, on: renderPool) { try PNGEncoder.encode($0.bitmap()) }
    }

    /// Renders `snapshot` to PNG bytes as the work of `task` (a map load): drawn on `renderPool` at its priority.
    public func pngData(for snapshot: MapSnapshotURL, as task: SchemeLoadTask, on renderPool: WorkerPool) async throws -> Data {
        try await rendered(snapshot, drawing: { draw in try await task.work(on: renderPool, draw) }) { try PNGEncoder.encode($0.bitmap()) }
    }

    /// Drops every decoded tile (archives stay open): the next snapshot starts cold.
    public func emptyCache() { cache.removeAll() }

    /// The number of decoded tiles held in memory.
    public var cachedTileCount: Int { cache.count }

    /// The estimated bytes of the decoded tiles held in memory.
    public var cachedTileBytes: Int { cache.totalCost }
}
