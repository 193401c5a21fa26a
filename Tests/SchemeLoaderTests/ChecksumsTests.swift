// The disk cache's CRC-32 (zlib's) is the IEEE CRC-32 every other tool computes: entries
// written before keep their checksums, and a flipped bit is still caught.
@testable import SchemeLoader
import TestSupport
import Testing

@Suite struct ChecksumsTests {
    /// CRC-32 a byte at a time, straight from its definition (the reflected polynomial 0xEDB88320).
    private static func reference(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    @Test func theCheckValueOfTheStandardIsMet() {
        #expect(Array("123456789".utf8).withUnsafeBytes { Checksums.crc32($0) } == 0xCBF4_3926)
        #expect([UInt8]().withUnsafeBytes { Checksums.crc32($0) } == 0)
    }

    @Test(arguments: [1, 7, 8, 9, 15, 16, 17, 63, 64, 65, 1000, 4099])
    func everyLengthAndAlignmentMatchesTheByteWiseDefinition(length: Int) {
        var generator = SeededGenerator(seed: UInt64(length))
        let bytes = (0..<length + 3).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for offset in 0..<3 {  // unaligned starts too
            let slice = Array(bytes[offset..<(offset + length)])
            let fast = bytes.withUnsafeBytes { Checksums.crc32(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + length)])) }
            #expect(fast == Self.reference(slice), "length \(length), offset \(offset)")
        }
    }

    @Test func aFlippedBitChangesTheChecksum() {
        var bytes = [UInt8](repeating: 0x5A, count: 4096)
        let before = bytes.withUnsafeBytes { Checksums.crc32($0) }
        bytes[2049] ^= 0x10
        #expect(bytes.withUnsafeBytes { Checksums.crc32($0) } != before)
    }
}
