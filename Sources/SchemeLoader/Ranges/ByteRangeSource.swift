// ByteRangeSource: reads parts of one archive by offset — a local file, or a URL served with HTTP range requests.
import Foundation

/// Something that reads byte ranges of one archive (a PMTiles file on disk or on a web server).
public protocol ByteRangeSource: Sendable {
    /// A name for messages: the file's path or the archive's URL.
    var name: String { get }
    /// `length` bytes from `offset`; fewer only where the archive ends. Throws when the archive cannot be read,
    /// or has changed since this source first read it.
    func bytes(at offset: UInt64, length: Int) async throws -> Data
}
