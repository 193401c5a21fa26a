// PMTilesProblem: what is wrong with a PMTiles archive — the cause carried by MapSnapshotError.archiveDamaged.

/// Why a PMTiles archive cannot be read: thrown by the parts that know no archive name (header,
/// directory), and carried by `MapSnapshotError.archiveDamaged` everywhere else.
public enum PMTilesProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The first 7 bytes are not `PMTiles`.
    case badMagic
    /// A PMTiles version other than 3 (version 2 archives start with `PM`).
    case unsupportedVersion(Int)
    /// The archive ends before its 127-byte header does.
    case truncatedHeader(bytes: Int)
    /// A header field that cannot be right (zoom range, section overlap …).
    case badHeader(reason: String)
    /// A part the directories point to ends past the end of the archive.
    case truncated(part: String, offset: UInt64, expected: Int, got: Int)
    /// A directory entry points outside the section it belongs to.
    case outsideSection(part: String, offset: UInt64, length: UInt64, sectionLength: UInt64)
    /// A part claims more bytes than a reader ever allocates for it.
    case tooLarge(part: String, length: UInt64, limit: Int)
    /// A leaf directory leads back to a directory already on the way to a tile.
    case directoryLoop(offset: UInt64)
    /// Leaf directories nested deeper than any writer makes them.
    case directoryTooDeep(levels: Int)
    /// A directory's bytes are not a valid directory (varints, counts, offsets, compression).
    case badDirectory(reason: String)
    /// A compression this reader does not decode (brotli, zstd).
    case unsupportedCompression(part: String, code: UInt8)

    public var description: String {
        switch self {
        case .badMagic: "it does not start with the PMTiles magic bytes"
        case .unsupportedVersion(let version): "PMTiles version \(version) is not supported (only version 3)"
        case .truncatedHeader(let bytes): "it ends after \(bytes) bytes, inside the 127-byte header"
        case .badHeader(let reason): "bad header: \(reason)"
        case .truncated(let part, let offset, let expected, let got):
            "the \(part) at offset \(offset) should be \(expected) bytes but the archive ends after \(got)"
        case .outsideSection(let part, let offset, let length, let sectionLength):
            "the \(part) (\(length) bytes at \(offset)) lies outside its section of \(sectionLength) bytes"
        case .tooLarge(let part, let length, let limit): "the \(part) claims \(length) bytes, over the limit of \(limit)"
        case .directoryLoop(let offset): "a leaf directory at offset \(offset) leads back to itself"
        case .directoryTooDeep(let levels): "leaf directories are nested more than \(levels) levels deep"
        case .badDirectory(let reason): "bad directory: \(reason)"
        case .unsupportedCompression(let part, let code):
            "the \(part) uses compression \(PMTilesCompression(rawValue: code).map { "\($0)" } ?? "\(code)"), which Snapterm does not decode"
        }
    }
}
