// DiskCacheEntryFile: the on-disk format of one cache entry, with an integrity check.
//
// Layout: "SNPC" | version (1 byte) | header length (UInt32 LE) | header JSON | payload | CRC-32 (UInt32 LE)
// The CRC covers everything before it, so a truncated, bit-flipped or swapped file is rejected.
import Foundation

/// Encodes and decodes cache entry files.
enum DiskCacheEntryFile {
    struct Header: Codable {
        var key: String
        var response: LoadResponse
        var payloadLength: Int
    }

    static let magic: [UInt8] = Array("SNPC".utf8)
    static let version: UInt8 = 1
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys  // the same entry is the same bytes in every process
        return encoder
    }()

    /// The file bytes for `entry` stored under `key`.
    static func encode(_ entry: CachedResponse, key: String) throws -> Data {
        let header = try encoder.encode(Header(key: key, response: entry.response, payloadLength: entry.data.count))
        var file = Data(capacity: 13 + header.count + entry.data.count)
        file.append(contentsOf: magic)
        file.append(version)
        appendLittleEndian(UInt32(header.count), to: &file)
        file.append(header)
        file.append(entry.data)
        let crc = file.withUnsafeBytes { Checksums.crc32($0) }
        appendLittleEndian(crc, to: &file)
        return file
    }

    /// The entry in `file` if it is intact and was stored under `key`; `nil` otherwise.
    static func decode(_ file: Data, key: String) -> CachedResponse? {
        let bytes = [UInt8](file)
        guard bytes.count >= 13, Array(bytes[0..<4]) == magic, bytes[4] == version else { return nil }
        let body = bytes.count - 4
        let storedCRC = readLittleEndian(bytes, at: body)
        let actualCRC = bytes.withUnsafeBytes { Checksums.crc32(UnsafeRawBufferPointer(rebasing: $0[0..<body])) }
        guard storedCRC == actualCRC else { return nil }
        let headerLength = Int(readLittleEndian(bytes, at: 5))
        guard headerLength <= body - 9 else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let header = try? decoder.decode(Header.self, from: Data(bytes[9..<(9 + headerLength)])),
              header.key == key, header.payloadLength == body - 9 - headerLength else { return nil }
        return CachedResponse(response: header.response, data: Data(bytes[(9 + headerLength)..<body]))
    }

    private static func appendLittleEndian(_ value: UInt32, to data: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) }
    }

    private static func readLittleEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { value, i in value | UInt32(bytes[offset + i]) << (8 * UInt32(i)) }
    }
}
