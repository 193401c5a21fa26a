// PMTilesCompression: the compression codes of a PMTiles header, and inflating what this reader decodes.
import Foundation

/// How a PMTiles archive compresses its directories and metadata, or its tiles.
public enum PMTilesCompression: UInt8, Sendable, CustomStringConvertible {
    case unknown = 0, none = 1, gzip = 2, brotli = 3, zstd = 4

    public var description: String {
        switch self {
        case .unknown: "unknown"
        case .none: "none"
        case .gzip: "gzip"
        case .brotli: "brotli"
        case .zstd: "zstd"
        }
    }

    /// Whether this reader can decode it (`unknown` is taken from the bytes: gzip magic or plain).
    var isDecodable: Bool { self == .none || self == .gzip || self == .unknown }

    /// `data` decompressed, at most `limit` bytes; throws the problem naming `part`.
    func decode(_ data: Data, part: String, limit: Int) throws(PMTilesProblem) -> Data {
        switch self {
        case .none:
            return data
        case .unknown where !Inflate.isGzip(data):
            return data
        case .gzip, .unknown:
            do {
                return try Inflate.inflate(data, limit: limit)
            } catch {
                throw .badDirectory(reason: "the \(part) does not inflate (\(error.reason))")
            }
        case .brotli, .zstd:
            throw .unsupportedCompression(part: part, code: rawValue)
        }
    }
}
