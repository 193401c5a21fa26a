// FileRangeSource: a ByteRangeSource over a local file — positioned reads of one open regular file.
import Foundation

/// Byte ranges of a local file (a PMTiles archive on disk). The file is opened once, safely (a regular
/// file only, no FIFO or device, see `RegularFile`), and read with `pread` off the cooperative pool;
/// a file replaced after opening keeps being read as it was (the open descriptor's version).
public final class FileRangeSource: ByteRangeSource {
    /// The file's path.
    public let name: String
    private let file: RegularFile

    /// Opens `path`; throws `LoadError` (`.fileNotFound`, `.notARegularFile`, `.fileUnreadable`).
    public init(path: String) throws(LoadError) {
        file = try RegularFile(path: path, maxBytes: .max)
        name = file.path
    }

    /// `length` bytes at `offset`, fewer where the file ends; throws `LoadError.fileUnreadable`.
    public func bytes(at offset: UInt64, length: Int) async throws -> Data {
        guard length > 0 else { return Data() }
        let file = file
        return try await RegularFile.offPool { try file.read(at: offset, upTo: length) }
    }
}
