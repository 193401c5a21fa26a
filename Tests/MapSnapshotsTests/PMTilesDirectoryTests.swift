// PMTilesDirectoryTests: decoding directories — delta-coded ids, run lengths, the 0-means-contiguous
// offset rule — and finding a tile's entry (a run, a leaf, or nothing).
import Foundation
import MapSnapshots
import Testing

@Suite struct PMTilesDirectoryTests {
    static func varint(_ value: UInt64) -> [UInt8] {
        var value = value, out: [UInt8] = []
        repeat {
            let byte = UInt8(value & 0x7F)
            value >>= 7
            out.append(value == 0 ? byte : byte | 0x80)
        } while value != 0
        return out
    }

    /// A directory's bytes as the spec writes them: count, id deltas, run lengths, lengths, offsets.
    static func encode(count: UInt64, deltas: [UInt64], runs: [UInt64], lengths: [UInt64], offsets: [UInt64]) -> Data {
        Data(([count] + deltas + runs + lengths + offsets).flatMap(varint))
    }

    @Test("Given delta ids, runs and a contiguous offset, when decoded, then entries carry absolute values")
    func decodesEntries() throws {
        // Tiles 5 (run 3, 100 bytes at 0), 10 (run 1, 50 bytes right after: written 0), 40 (a leaf, 7 bytes at 999).
        let bytes = Self.encode(count: 3, deltas: [5, 5, 30], runs: [3, 1, 0], lengths: [100, 50, 7], offsets: [1, 0, 1000])
        let directory = try PMTilesDirectory(decoding: bytes, maxEntries: 100)
        #expect(directory.entries == [
            PMTilesEntry(tileID: 5, offset: 0, length: 100, runLength: 3),
            PMTilesEntry(tileID: 10, offset: 100, length: 50, runLength: 1),
            PMTilesEntry(tileID: 40, offset: 999, length: 7, runLength: 0),
        ])
    }

    @Test("Given runs and a leaf, when looking tiles up, then runs cover their length and a leaf everything after it")
    func findsEntries() throws {
        let bytes = Self.encode(count: 3, deltas: [5, 5, 30], runs: [3, 1, 0], lengths: [100, 50, 7], offsets: [1, 0, 1000])
        let directory = try PMTilesDirectory(decoding: bytes, maxEntries: 100)
        #expect(directory.entry(for: 4) == nil)
        #expect(directory.entry(for: 5)?.tileID == 5)
        #expect(directory.entry(for: 7)?.tileID == 5)
        #expect(directory.entry(for: 8) == nil, "past the run of three")
        #expect(directory.entry(for: 10)?.tileID == 10)
        #expect(directory.entry(for: 11) == nil)
        #expect(directory.entry(for: 40)?.isLeaf == true)
        #expect(directory.entry(for: 1_000_000)?.isLeaf == true, "a leaf covers the ids after it")
    }

    @Test("Given damaged directories, when decoded, then each is a typed problem", arguments: [
        ("a first offset of 0", PMTilesDirectoryTests.encode(count: 1, deltas: [0], runs: [1], lengths: [1], offsets: [0])),
        ("a count the bytes cannot hold", PMTilesDirectoryTests.encode(count: 1000, deltas: [0], runs: [1], lengths: [1], offsets: [1])),
        ("a varint that never ends", Data(repeating: 0xFF, count: 11)),
        ("nothing at all", Data()),
        ("a length over 32 bits", PMTilesDirectoryTests.encode(count: 1, deltas: [0], runs: [1], lengths: [1 << 40], offsets: [1])),
        ("ids past 2^64", PMTilesDirectoryTests.encode(count: 2, deltas: [UInt64.max, 5], runs: [1, 1], lengths: [1, 1], offsets: [1, 1])),
    ])
    func damaged(_ name: String, bytes: Data) {
        #expect(throws: PMTilesProblem.self, "\(name)") { try PMTilesDirectory(decoding: bytes, maxEntries: 100) }
    }

    @Test("Given a count over the cap, then it is refused before anything is allocated")
    func countOverCap() {
        let bytes = Self.encode(count: 1 << 40, deltas: [], runs: [], lengths: [], offsets: [])
        #expect(throws: PMTilesProblem.tooLarge(part: "directory entry count", length: 1 << 40, limit: 100)) {
            try PMTilesDirectory(decoding: bytes, maxEntries: 100)
        }
    }
}
