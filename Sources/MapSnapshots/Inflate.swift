// Inflate: gzip / zlib decompression of tile data through zlib.
import CZlib
import Foundation

/// Decompression of gzip- or zlib-wrapped bytes (MBTiles stores vector tiles gzip-compressed).
enum Inflate {
    /// Whether `data` starts with the gzip magic number.
    static func isGzip(_ data: Data) -> Bool {
        data.count >= 2 && data[data.startIndex] == 0x1F && data[data.startIndex + 1] == 0x8B
    }

    /// Inflates gzip or zlib data (the header is detected); throws a reason string on damage.
    static func inflate(_ data: Data, limit: Int = 64 << 20) throws(InflateFailure) -> Data {
        var stream = z_stream()
        // 15 window bits + 32: detect gzip or zlib headers automatically.
        guard inflateInit2_(&stream, 15 + 32, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw InflateFailure(reason: "zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: max(4096, data.count * 4))
        let status: Int32 = data.withUnsafeBytes { (input: UnsafeRawBufferPointer) -> Int32 in
            guard let base = input.bindMemory(to: Bytef.self).baseAddress else { return Z_DATA_ERROR }
            stream.next_in = UnsafeMutablePointer(mutating: base)
            stream.avail_in = uInt(input.count)
            var result: Int32 = Z_OK
            while result == Z_OK {
                result = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    let code = CZlib.inflate(&stream, Z_NO_FLUSH)
                    if let start = buffer.baseAddress { output.append(start, count: buffer.count - Int(stream.avail_out)) }
                    return code
                }
                if output.count > limit { return Z_MEM_ERROR }
                if result == Z_BUF_ERROR && stream.avail_in == 0 { return Z_DATA_ERROR }
                if result == Z_BUF_ERROR { result = Z_OK }
            }
            return result
        }
        guard status == Z_STREAM_END else {
            throw InflateFailure(reason: status == Z_MEM_ERROR ? "inflated size over the limit" : "corrupt compressed data")
        }
        return output
    }
}

/// Why inflating failed.
struct InflateFailure: Error {
    let reason: String
}
