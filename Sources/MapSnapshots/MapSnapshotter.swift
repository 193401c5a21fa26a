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

/// Renders map snapshots from one or more MBTiles files of vector tiles, caching decoded tiles.
///
/// Files are drawn in their role's order — the world file, then OpenMapTiles base maps, then
/// overlays — so a city extract is drawn over the world wherever it has tiles.
public final class MapSnapshotter: Sendable {
    /// The tiles files, in drawing order.
    public let files: [MBTilesFile]
    private let cache: TileCache

    /// The attribution of Snapterm's shipped data.
    public static let worldAttribution = "© GSHHG, GeoNames"
    /// The attribution required wherever OpenStreetMap data is drawn.
    public static let openStreetMapAttribution = "© OpenStreetMap contributors"

    /// Opens `tilesFiles` (each once per process); throws `MapSnapshotError` if any is missing or damaged.
    /// `cacheBytes` bounds the decoded tiles kept in memory (estimated; default 64 MiB).
    public init(tilesFiles: [URL], cacheBytes: Int = 64 << 20) throws(MapSnapshotError) {
        guard !tilesFiles.isEmpty else { throw .noTilesFiles }
        var opened: [MBTilesFile] = []
        for url in tilesFiles { opened.append(try MBTilesFile.open(url)) }
        let order: [TileSourceRole: Int] = [.world: 0, .baseMap: 1, .overlay: 2]
        files = opened.enumerated().sorted { (order[$0.element.role] ?? 0, $0.offset) < (order[$1.element.role] ?? 0, $1.offset) }
            .map(\.element)
        cache = TileCache(capacity: cacheBytes)
    }

    private static let sharedSnapshotters = Locked<[[String]: MapSnapshotter]>([:])

    /// The process-wide snapshotter for `tilesFiles` (created on first use, so tiles stay cached
    /// between snapshots); a failed open is not remembered.
    public static func shared(tilesFiles: [URL]) throws(MapSnapshotError) -> MapSnapshotter {
        let key = tilesFiles.map { $0.standardizedFileURL.path }
        if let existing = sharedSnapshotters.withLock({ $0[key] }) { return existing }
        let created = try MapSnapshotter(tilesFiles: tilesFiles)
        return sharedSnapshotters.withLock { all in
            if let existing = all[key] { return existing }
            all[key] = created
            return created
        }
    }

    /// The shipped files in `assetsFolder` (`world.mbtiles`, `helsinki.mbtiles`) that exist.
    public static func bundledTilesFiles(in assetsFolder: URL) -> [URL] {
        ["world.mbtiles", "helsinki.mbtiles"].map { assetsFolder.appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Renders `snapshot` to pixels and PNG.
    public func snapshot(_ snapshot: MapSnapshotURL) throws(MapSnapshotError) -> MapSnapshot {
        let bitmap = try draw(snapshot).bitmap()
        return MapSnapshot(bitmap: bitmap, pngData: try PNGEncoder.encode(bitmap))
    }

    /// Renders `snapshot` to pixels only.
    public func bitmap(for snapshot: MapSnapshotURL) throws(MapSnapshotError) -> Bitmap {
        try draw(snapshot).bitmap()
    }

    /// Renders `snapshot` to PNG bytes only.
    public func pngData(for snapshot: MapSnapshotURL) throws(MapSnapshotError) -> Data {
        try PNGEncoder.encode(draw(snapshot).bitmap())
    }

    /// Drops every decoded tile (files stay open): the next snapshot starts cold.
    public func emptyCache() { cache.removeAll() }

    /// The number of decoded tiles held in memory.
    public var cachedTileCount: Int { cache.count }

    /// The estimated bytes of the decoded tiles held in memory.
    public var cachedTileBytes: Int { cache.totalCost }

    private func draw(_ snapshot: MapSnapshotURL) throws(MapSnapshotError) -> CairoCanvas {
        let viewport = MapViewport(snapshot)
        var placed: [PlacedTile] = []
        var credits: [String] = []
        for file in files {
            guard let dataZoom = viewport.dataZoom(for: file.zoomRange) else { continue }
            var used = false
            for slot in viewport.tileSlots(dataZoom: dataZoom) {
                guard let decoded = try tile(file, z: slot.z, x: slot.x, y: slot.y) else { continue }
                placed.append(PlacedTile(tile: decoded, slot: slot, role: file.role))
                used = true
            }
            if used || file.role == .world {
                let credit = file.role == .world ? Self.worldAttribution : (file.attribution ?? Self.openStreetMapAttribution)
                if !credits.contains(credit) { credits.append(credit) }
            }
        }
        let canvas = try CairoCanvas(width: snapshot.width, height: snapshot.height)
        MapRenderer(snapshot: snapshot, canvas: canvas).render(placed, attribution: credits.joined(separator: " · "))
        return canvas
    }

    private func tile(_ file: MBTilesFile, z: Int, x: Int, y: Int) throws(MapSnapshotError) -> VectorTile? {
        let key = TileKey(path: file.path, z: z, x: x, y: y)
        if let cached = cache.tile(for: key) { return cached }
        let tile = try file.tile(z: z, x: x, y: y)
        cache.insert(tile, for: key)
        return tile
    }
}
