// MapSnapshotError: every way making a map snapshot can fail, each naming its cause.

/// Why a map snapshot failed.
public enum MapSnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No tiles file was configured.
    case noTilesFiles
    /// The tiles file does not exist or cannot be read.
    case tilesFileMissing(path: String)
    /// The file exists but is not a readable MBTiles database (not SQLite, no `tiles` table …).
    case tilesFileDamaged(path: String, reason: String)
    /// The file holds tiles in a format other than Mapbox Vector Tiles (e.g. PNG raster tiles).
    case unsupportedTileFormat(path: String, format: String)
    /// One tile could not be inflated or decoded.
    case tileDamaged(path: String, z: Int, x: Int, y: Int, reason: String)
    /// Cairo failed to draw or encode the picture.
    case renderingFailed(reason: String)
    /// A PMTiles archive (a file's path or a URL) that cannot be read as one, and why.
    case archiveDamaged(name: String, problem: PMTilesProblem)
    /// Reading a tiles archive's bytes failed (the file or server, not its contents).
    case archiveUnreadable(name: String, reason: String)
    /// The archive changed on its server since it was opened (another version): what was read of it
    /// (directories) no longer fits; it must be opened again.
    case archiveChanged(name: String)
    /// An http(s) tiles archive, and the opener was given no range source to read it with.
    case remoteArchiveUnsupported(url: String)

    public var description: String {
        switch self {
        case .noTilesFiles:
            "no map tiles file is configured"
        case .tilesFileMissing(let path):
            "map tiles file not found or not readable: \(path)"
        case .tilesFileDamaged(let path, let reason):
            "map tiles file is damaged or not an MBTiles database (\(reason)): \(path)"
        case .unsupportedTileFormat(let path, let format):
            "map tiles file holds '\(format)' tiles, not vector tiles (pbf): \(path)"
        case .tileDamaged(let path, let z, let x, let y, let reason):
            "map tile \(z)/\(x)/\(y) is damaged (\(reason)) in \(path)"
        case .renderingFailed(let reason):
            "map rendering failed: \(reason)"
        case .archiveDamaged(let name, let problem):
            "map tiles archive is damaged or not a PMTiles archive (\(problem)): \(name)"
        case .archiveUnreadable(let name, let reason):
            "map tiles archive cannot be read (\(reason)): \(name)"
        case .archiveChanged(let name):
            "map tiles archive changed while it was read; open it again: \(name)"
        case .remoteArchiveUnsupported(let url):
            "remote tile archives need a reader of HTTP byte ranges, which this map handler was not given: \(url)"
        }
    }
}
