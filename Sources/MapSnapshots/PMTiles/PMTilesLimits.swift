// PMTilesLimits: the most a PMTiles reader allocates for any one part, whatever the archive claims.

/// Caps on what a PMTiles reader reads and keeps: a header or directory claiming more is an error,
/// never an allocation.
public struct PMTilesLimits: Sendable {
    /// The first read: the header and, by the spec, the root directory (and often the metadata).
    public var firstRead = 16_384
    /// The compressed bytes of one directory (root or leaf).
    public var directoryBytes = 4 << 20
    /// The bytes of one directory once inflated.
    public var inflatedDirectoryBytes = 16 << 20
    /// The entries of one directory.
    public var directoryEntries = 1 << 19
    /// The entries of every leaf directory kept in memory together (the least recently used go first).
    public var cachedEntries = 1 << 20
    /// The compressed and inflated bytes of the metadata.
    public var metadataBytes = 1 << 20
    /// The stored bytes of one tile.
    public var tileBytes = 8 << 20
    /// How many directories deep a tile may be (the root and up to three levels of leaves).
    public var directoryLevels = 4

    /// The defaults.
    public init() {}
}
