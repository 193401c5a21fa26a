// MapSnapshotError: why a map snapshot could not be made.

/// Why a map snapshot failed.
public enum MapSnapshotError: Error, Sendable, Equatable {
    /// The tiles file is missing or cannot be opened.
    case tilesUnavailable(path: String, reason: String)
}
