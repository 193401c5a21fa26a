// Checksums: CRC-32 for cache-file integrity and FNV-1a for cache-file names.
import CZlib

/// Small hash functions: zlib's CRC-32, and FNV-1a.
enum Checksums {
    /// CRC-32 (IEEE 802.3) of `bytes`: detects every single-bit error and every burst up to 32 bits. zlib's, which
    /// reads several bytes a step (a disk-cache entry of a few megabytes is checked on every write and read).
    static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress else { return 0 }
        return UInt32(crc32_z(0, base.assumingMemoryBound(to: Bytef.self), bytes.count))
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
