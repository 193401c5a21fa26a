// PMTilesHeader: the fixed 127-byte header at the start of a PMTiles v3 archive.
import Foundation

/// Where a PMTiles archive's sections are and what its tiles are (the spec's header, little-endian).
public struct PMTilesHeader: Sendable, Equatable {
    /// The header's size in bytes.
    public static let size = 127
    /// The magic bytes every archive starts with, before the version byte.
    public static let magic = Array("PMTiles".utf8)

    /// One contiguous part of the archive.
    public struct Section: Sendable, Equatable {
        /// Bytes from the start of the archive.
        public let offset: UInt64
        /// Its size in bytes.
        public let length: UInt64
    }

    /// The root directory.
    public let rootDirectory: Section
    /// The JSON metadata.
    public let metadata: Section
    /// The leaf directories (entry offsets in directories are relative to its start).
    public let leafDirectories: Section
    /// The tile data (tile offsets are relative to its start).
    public let tileData: Section
    /// How many tiles the directories address (run lengths counted).
    public let addressedTiles: UInt64
    /// How directories and metadata are compressed.
    public let internalCompression: PMTilesCompression
    /// How tiles are compressed.
    public let tileCompression: PMTilesCompression
    /// The tile type code: 0 unknown, 1 Mapbox Vector Tile, 2 PNG, 3 JPEG, 4 WebP, 5 AVIF.
    public let tileType: UInt8
    /// The zoom levels the archive has tiles for.
    public let zoomRange: ClosedRange<Int>

    /// Decodes the first 127 bytes of `bytes`; throws the `PMTilesProblem` when they are no v3 header.
    public init(decoding bytes: Data) throws(PMTilesProblem) {
        let header = [UInt8](bytes.prefix(Self.size))
        guard header.count >= Self.magic.count, Array(header[0..<Self.magic.count]) == Self.magic else {
            // A short file that is a prefix of the magic is truncated, not foreign.
            if header.count < Self.size, Self.magic.starts(with: header) { throw .truncatedHeader(bytes: header.count) }
            throw .badMagic
        }
        guard header.count >= 8 else { throw .truncatedHeader(bytes: header.count) }
        guard header[7] == 3 else { throw .unsupportedVersion(Int(header[7])) }
        guard header.count == Self.size else { throw .truncatedHeader(bytes: header.count) }
        func u64(_ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(header[at + $1]) << (8 * UInt64($1)) } }
        rootDirectory = Section(offset: u64(8), length: u64(16))
        metadata = Section(offset: u64(24), length: u64(32))
        leafDirectories = Section(offset: u64(40), length: u64(48))
        tileData = Section(offset: u64(56), length: u64(64))
        addressedTiles = u64(72)
        guard let directories = PMTilesCompression(rawValue: header[97]) else {
            throw .badHeader(reason: "unknown internal compression code \(header[97])")
        }
        guard let tiles = PMTilesCompression(rawValue: header[98]) else {
            throw .badHeader(reason: "unknown tile compression code \(header[98])")
        }
        internalCompression = directories
        tileCompression = tiles
        tileType = header[99]
        let minZoom = Int(header[100]), maxZoom = Int(header[101])
        guard minZoom <= maxZoom, maxZoom <= HilbertTileID.maxZoom else {
            throw .badHeader(reason: "zoom range \(minZoom)…\(maxZoom)")
        }
        zoomRange = minZoom...maxZoom
        for (name, section) in [("root directory", rootDirectory), ("metadata", metadata),
                                ("leaf directories", leafDirectories), ("tile data", tileData)] {
            guard section.offset.addingReportingOverflow(section.length).overflow == false else {
                throw .badHeader(reason: "the \(name) section ends past 2^64")
            }
        }
    }
}
