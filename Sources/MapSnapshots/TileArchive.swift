// TileArchive: a source of vector tiles for snapshots — an MBTiles file or a PMTiles archive.
import Foundation

/// What a tiles archive contributes to a snapshot, decided from its layers and metadata.
public enum TileSourceRole: String, Sendable {
    /// Snapterm's world file: a `land` layer drawn over a sea background; a missing tile is open sea.
    case world
    /// An OpenMapTiles base map: `water` polygons over a land background, where the file has tiles.
    case baseMap
    /// A detail overlay (MBTiles `type=overlay`, such as the Helsinki streets): no background at all.
    case overlay
}

/// An archive of Mapbox Vector Tiles a snapshot draws from.
public protocol TileArchive: Sendable {
    /// The file's path or the archive's URL: for messages, and the key of its decoded tiles.
    var name: String { get }
    /// What the archive contributes to a snapshot.
    var role: TileSourceRole { get }
    /// The attribution its metadata asks for (HTML tags removed), if any.
    var attribution: String? { get }
    /// The zoom levels it has tiles for.
    var zoomRange: ClosedRange<Int> { get }
    /// The stored (usually gzip-compressed) bytes of tile z/x/y in XYZ numbering, or nil when absent;
    /// throws `MapSnapshotError`, or `CancellationError` when the load was cancelled.
    func tileData(z: Int, x: Int, y: Int) async throws -> Data?
}

extension TileArchive {
    /// Tile z/x/y read and decoded, or nil when the archive has no such tile.
    public func tile(z: Int, x: Int, y: Int) async throws -> VectorTile? {
        guard let data = try await tileData(z: z, x: x, y: y) else { return nil }
        return try TileDecoder.decode(data, archive: name, z: z, x: x, y: y)
    }
}
