// Checksums: CRC-32 for cache-file integrity and FNV-1a for cache-file names.

/// Small, dependency-free hash functions.
enum Checksums {
    /// Eight tables for CRC-32 eight bytes at a time ("slicing-by-8"): table 0 is the byte-wise table; table k
    /// gives the CRC of a byte followed by k zero bytes.
    private static let crcTables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for n in 0..<256 {
            var c = UInt32(n)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            tables[n] = c
        }
        for k in 1..<8 {
            for n in 0..<256 {
                let previous = tables[(k - 1) * 256 + n]
                tables[k * 256 + n] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    /// CRC-32 (IEEE 802.3) of `bytes`: detects every single-bit error and every burst up to 32 bits. Eight bytes a
    /// step (a disk-cache entry of a few megabytes is checked on every write and read).
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        crcTables.withUnsafeBufferPointer { tables in
            let t = tables.baseAddress!
            var index = 0
            let count = bytes.count
            if let base = bytes.baseAddress {
                while count - index >= 8 {
                    let low = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt32.self)) ^ crc
                    let high = UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                    crc = t[7 * 256 + Int(low & 0xFF)] ^ t[6 * 256 + Int((low >> 8) & 0xFF)]
                        ^ t[5 * 256 + Int((low >> 16) & 0xFF)] ^ t[4 * 256 + Int(low >> 24)]
                        ^ t[3 * 256 + Int(high & 0xFF)] ^ t[2 * 256 + Int((high >> 8) & 0xFF)]
                        ^ t[256 + Int((high >> 16) & 0xFF)] ^ t[Int(high >> 24)]
                    index += 8
                }
            }
            while index < count {
                crc = t[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        return ~crc
    }

    /// A 128-bit FNV-1a-based name for `text` as 32 hex digits (two 64-bit passes with different bases).
    static func fileName(for text: String) -> String {
        func fnv(_ basis: UInt64) -> UInt64 {
            var hash = basis
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        let hex = [fnv(0xCBF2_9CE4_8422_2325), fnv(0x6C62_272E_07BB_0142)].map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex.joined()
    }
}
