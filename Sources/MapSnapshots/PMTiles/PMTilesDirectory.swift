// PMTilesDirectory: one root or leaf directory — entries sorted by tile id, decoded from varints.
import Foundation

/// One directory entry: a run of tiles sharing one stored tile, or (run length 0) a leaf directory.
public struct PMTilesEntry: Sendable, Equatable {
    /// The first tile id the entry covers.
    public let tileID: UInt64
    /// Bytes from the start of the tile data (a tile) or of the leaf directories (a leaf).
    public let offset: UInt64
    /// The stored length in bytes.
    public let length: UInt32
    /// How many consecutive tile ids share the tile; 0 for a leaf directory.
    public let runLength: UInt32

    /// An entry as a directory holds it.
    public init(tileID: UInt64, offset: UInt64, length: UInt32, runLength: UInt32) {
        self.tileID = tileID
        self.offset = offset
        self.length = length
        self.runLength = runLength
    }

    /// Whether the entry points to a leaf directory rather than a tile.
    public var isLeaf: Bool { runLength == 0 }
}

/// A decoded directory.
public struct PMTilesDirectory: Sendable {
    /// The entries, in increasing tile id order.
    public let entries: [PMTilesEntry]

    /// Decodes the (already decompressed) bytes of a directory: a count, then the delta-coded tile
    /// ids, run lengths, lengths and offsets (0 after the first: right after the previous entry).
    public init(decoding bytes: Data, maxEntries: Int) throws(PMTilesProblem) {
        var reader = VarintReader(bytes)
        let count = try reader.next()
        // Each entry takes at least four bytes (one per varint): a count beyond that is a lie.
        guard count <= UInt64(maxEntries) else { throw .tooLarge(part: "directory entry count", length: count, limit: maxEntries) }
        guard count * 4 <= UInt64(reader.remaining) else {
            throw .badDirectory(reason: "\(count) entries claimed in \(bytes.count) bytes")
        }
        let n = Int(count)
        var ids = [UInt64](), runs = [UInt32](), lengths = [UInt32]()
        ids.reserveCapacity(n)
        var last: UInt64 = 0
        for _ in 0..<n {
            let (id, overflow) = last.addingReportingOverflow(try reader.next())
            guard !overflow else { throw .badDirectory(reason: "tile ids past 2^64") }
            ids.append(id)
            last = id
        }
        for _ in 0..<n { runs.append(try reader.next32("run length")) }
        for _ in 0..<n { lengths.append(try reader.next32("length")) }
        var entries = [PMTilesEntry]()
        entries.reserveCapacity(n)
        for index in 0..<n {
            let coded = try reader.next()
            let offset: UInt64
            if coded == 0 {
                guard let previous = entries.last else { throw .badDirectory(reason: "the first entry has no offset") }
                let (next, overflow) = previous.offset.addingReportingOverflow(UInt64(previous.length))
                guard !overflow else { throw .badDirectory(reason: "offsets past 2^64") }
                offset = next
            } else {
                offset = coded - 1
            }
            entries.append(PMTilesEntry(tileID: ids[index], offset: offset, length: lengths[index], runLength: runs[index]))
        }
        self.entries = entries
    }

    /// The entry holding tile `id`: the tile run containing it, or the leaf directory whose range it
    /// falls in (the last leaf at or before it); nil when the archive has no such tile.
    public func entry(for id: UInt64) -> PMTilesEntry? {
        // The last entry with tileID <= id.
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].tileID <= id { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        if entry.isLeaf || id - entry.tileID < UInt64(entry.runLength) { return entry }
        return nil
    }
}

/// Unsigned LEB128 varints read from the front of some bytes.
struct VarintReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ data: Data) { bytes = [UInt8](data) }

    /// Bytes not read yet.
    var remaining: Int { bytes.count - index }

    /// The next varint; at most ten bytes, and never past the end.
    mutating func next() throws(PMTilesProblem) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard shift < 64, shift < 63 || byte <= 1 else { throw .badDirectory(reason: "a varint over 64 bits") }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
            shift += 7
        }
        throw .badDirectory(reason: "it ends inside its entries")
    }

    /// The next varint, which must fit 32 bits (a `what` of an entry).
    mutating func next32(_ what: String) throws(PMTilesProblem) -> UInt32 {
        let value = try next()
        guard let narrow = UInt32(exactly: value) else { throw .badDirectory(reason: "a \(what) of \(value) over 32 bits") }
        return narrow
    }
}
