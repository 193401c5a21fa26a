// PNGWriter: builds PNG bytes by hand (chunks, CRC, zlib) so tests can make exact broken files.
import Foundation

/// Hand-made PNG files: valid ones, and ones with a chosen defect.
enum PNGWriter {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A PNG with the given header fields and raw IDAT payload (already zlib-wrapped).
    static func png(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colourType: UInt8 = 0, idat: [UInt8]) -> [UInt8] {
        var header: [UInt8] = []
        header += bigEndian(width) + bigEndian(height) + [bitDepth, colourType, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    /// A valid 8-bit greyscale PNG of `width × height` with pixel value `(x + y) % 256`.
    static func greyGradient(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width { raw.append(UInt8((x + y) % 256)) }
        }
        return png(width: UInt32(width), height: UInt32(height), idat: zlibStored(raw))
    }

    /// One chunk: length, type, data, CRC-32 of type + data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// `bytes` as a zlib stream of stored (uncompressed) deflate blocks.
    static func zlibStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, bytes.count - offset)
            let final: UInt8 = offset + count == bytes.count ? 1 : 0
            out += [final, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            out += bytes[offset..<offset + count]
            offset += count
        } while offset < bytes.count
        return out + bigEndian(adler32(bytes))
    }

    /// A zlib stream that inflates to `count` zero bytes, about 1/160 of that size: one literal 0
    /// then back-references of 258 bytes at distance 1, in fixed-Huffman deflate.
    static func zlibZeros(count: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.write(0b011, count: 3) // BFINAL = 1, BTYPE = 01 (fixed Huffman)
        bits.write(0b0000_1100, count: 8) // literal 0: Huffman code 00110000, sent MSB first
        var left = count - 1
        while left >= 258 + 3 || left == 258 {
            // length code 285 (11000101, MSB first = 0xA3 LSB first), then distance code 0 (00000)
            bits.write(0xA3, count: 13)
            left -= 258
        }
        for _ in 0..<left { bits.write(0b0000_1100, count: 8) }
        bits.write(0, count: 7) // end of block (256)
        // Adler-32 of n zero bytes: a = 1, b = n mod 65521.
        let adler = UInt32(count % 65_521) << 16 | 1
        return [0x78, 0x01] + bits.finish() + bigEndian(adler)
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }
}

/// Deflate's bit order: values are packed least-significant bit first (Huffman codes are passed
/// already bit-reversed), through a 64-bit accumulator.
struct BitWriter {
    private var bytes: [UInt8] = []
    private var accumulator: UInt64 = 0
    private var pending = 0

    mutating func write(_ value: UInt64, count: Int) {
        accumulator |= (value & ((1 << UInt64(count)) - 1)) << UInt64(pending)
        pending += count
        while pending >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: accumulator))
            accumulator >>= 8
            pending -= 8
        }
    }

    mutating func finish() -> [UInt8] {
        if pending > 0 { bytes.append(UInt8(truncatingIfNeeded: accumulator)) }
        pending = 0
        accumulator = 0
        return bytes
    }
}
