// MBTilesFile: one MBTiles database of vector tiles, opened read-only through GRDB once per process.
import Foundation
import GRDB
import SchemeLoader

/// A read-only MBTiles file of Mapbox Vector Tiles (`format=pbf`).
public final class MBTilesFile: TileArchive {
    /// The file's path.
    public let path: String
    /// The file's path, as a `TileArchive`.
    public var name: String { path }
    /// The zoom levels the file has tiles for.
    public let zoomRange: ClosedRange<Int>
    /// What the file contributes to a snapshot.
    public let role: TileSourceRole
    /// The names of its vector layers (from the metadata, else empty).
    public let layerNames: Set<String>
    /// The `attribution` metadata with HTML tags removed, if any.
    public let attribution: String?
    private let database: DatabaseQueue

    private static let openFiles = Locked<[String: MBTilesFile]>([:])

    /// The file at `url`, opened once per process and shared; throws `MapSnapshotError` when it is
    /// missing, damaged, or holds no vector tiles.
    public static func open(_ url: URL) throws(MapSnapshotError) -> MBTilesFile {
        let path = url.standardizedFileURL.path
        if let file = openFiles.withLock({ $0[path] }) { return file }
        let file = try MBTilesFile(path: path)
        return openFiles.withLock { files in
            if let existing = files[path] { return existing }
            files[path] = file
            return file
        }
    }

    private init(path: String) throws(MapSnapshotError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: path) else {
            throw .tilesFileMissing(path: path)
        }
        self.path = path
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "MBTiles"
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let (metadata, zooms) = try queue.read { db -> ([String: String], (Int?, Int?)) in
                var metadata: [String: String] = [:]
                for row in try Row.fetchAll(db, sql: "SELECT name, value FROM metadata") {
                    if let name = row["name"] as String?, let value = row["value"] as String? { metadata[name] = value }
                }
                let row = try Row.fetchOne(db, sql: "SELECT MIN(zoom_level) AS lo, MAX(zoom_level) AS hi FROM tiles")
                let low: Int? = row.flatMap { $0["lo"] }
                let high: Int? = row.flatMap { $0["hi"] }
                return (metadata, (low, high))
            }
            let format = metadata["format"] ?? "pbf"
            guard format == "pbf" || format == "mvt" else { throw MapSnapshotError.unsupportedTileFormat(path: path, format: format) }
            guard let low = zooms.0, let high = zooms.1, low <= high else {
                throw MapSnapshotError.tilesFileDamaged(path: path, reason: "it holds no tiles")
            }
            database = queue
            zoomRange = low...high
            let info = TileArchiveInfo(metadata: metadata)
            layerNames = info.layerNames
            attribution = info.attribution
            role = info.role
        } catch let error as MapSnapshotError {
            throw error
        } catch let error as DatabaseError {
            throw .tilesFileDamaged(path: path, reason: error.message ?? "SQLite error \(error.resultCode)")
        } catch {
            throw .tilesFileDamaged(path: path, reason: String(describing: error))
        }
    }

    /// The raw (usually gzip-compressed) bytes of tile z/x/y in XYZ numbering, or nil when absent.
    /// Read on the database's own queue, never blocking Swift's cooperative pool.
    public func tileData(z: Int, x: Int, y: Int) async throws -> Data? {
        let row = (1 << z) - 1 - y  // MBTiles rows are TMS: counted from the south.
        do {
            return try await database.read { db in
                try Data.fetchOne(
                    db, sql: "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?",
                    arguments: [z, x, row])
            }
        } catch let error as CancellationError {
            throw error
        } catch {
            throw MapSnapshotError.tilesFileDamaged(path: path, reason: "reading tile \(z)/\(x)/\(y): \(error)")
        }
    }
}
