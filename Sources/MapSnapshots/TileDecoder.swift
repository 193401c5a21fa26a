// TileDecoder: a tile's stored bytes to a VectorTile — inflated when gzip or zlib, then decoded.
import Foundation

/// Decodes stored tiles, whichever archive they came from.
enum TileDecoder {
    /// `data` (tile z/x/y of `archive`) inflated when compressed and decoded; throws `.tileDamaged`.
    static func decode(_ data: Data, archive: String, z: Int, x: Int, y: Int) throws(MapSnapshotError) -> VectorTile {
        do {
            var data = data
            if Inflate.isGzip(data) || (data.count > 1 && data[data.startIndex] == 0x78) {
                data = try Inflate.inflate(data)
            }
            return try MVTDecoder.decode(data)
        } catch let failure as InflateFailure {
            throw .tileDamaged(path: archive, z: z, x: x, y: y, reason: failure.reason)
        } catch {
            throw .tileDamaged(path: archive, z: z, x: x, y: y, reason: String(describing: error))
        }
    }
}
