// PMTilesReader: reads tiles of a PMTiles v3 archive over any ByteRangeSource, directories cached in memory.
import Foundation
import SchemeLoader

/// A PMTiles v3 archive read by byte ranges: the header, root directory and metadata at open (one
/// read when the writer put them in the first 16 KiB, as the spec asks), then per tile the leaf
/// directories on its way (each read once, then kept) and the tile's own bytes. Every length is
/// checked against `PMTilesLimits` before anything is read.
public final class PMTilesReader: Sendable {
    /// Where the bytes come from.
    public let source: any ByteRangeSource
    /// The archive's header.
    public let header: PMTilesHeader
    /// The JSON metadata, decompressed.
    public let metadata: Data
    /// The caps this reader reads within.
    public let limits: PMTilesLimits
    private let root: PMTilesDirectory
    private let leaves: PMTilesDirectoryCache

    /// Opens the archive `source` reads; throws `MapSnapshotError` (`.archiveDamaged` with the
    /// problem, `.archiveUnreadable`, `.unsupportedTileFormat`) or `CancellationError`.
    public static func open(_ source: any ByteRangeSource, limits: PMTilesLimits = PMTilesLimits()) async throws -> PMTilesReader {
        let first = try await read(source, at: 0, length: limits.firstRead, part: "header", exact: false)
        let header = try damaged(source) { () throws(PMTilesProblem) in try PMTilesHeader(decoding: first) }
        try damaged(source) { () throws(PMTilesProblem) in
            guard header.internalCompression.isDecodable else { throw .unsupportedCompression(part: "directories", code: header.internalCompression.rawValue) }
            guard header.tileCompression.isDecodable else { throw .unsupportedCompression(part: "tiles", code: header.tileCompression.rawValue) }
        }
        guard header.tileType <= 1 else {
            let names: [UInt8: String] = [2: "png", 3: "jpeg", 4: "webp", 5: "avif", 6: "mlt"]
            throw MapSnapshotError.unsupportedTileFormat(path: source.name, format: names[header.tileType] ?? "type \(header.tileType)")
        }
        let rootBytes = try await section(header.rootDirectory, part: "root directory", limit: limits.directoryBytes, in: first, of: source)
        let root = try damaged(source) { () throws(PMTilesProblem) in
            try PMTilesDirectory(decoding: header.internalCompression.decode(rootBytes, part: "root directory", limit: limits.inflatedDirectoryBytes),
                                 maxEntries: limits.directoryEntries)
        }
        let metadataBytes = try await section(header.metadata, part: "metadata", limit: limits.metadataBytes, in: first, of: source)
        let metadata = try damaged(source) { () throws(PMTilesProblem) in
            try header.internalCompression.decode(metadataBytes, part: "metadata", limit: limits.metadataBytes)
        }
        return PMTilesReader(source: source, header: header, metadata: metadata, root: root, limits: limits)
    }

    private init(source: any ByteRangeSource, header: PMTilesHeader, metadata: Data, root: PMTilesDirectory, limits: PMTilesLimits) {
        self.source = source
        self.header = header
        self.metadata = metadata
        self.root = root
        self.limits = limits
        leaves = PMTilesDirectoryCache(maxEntries: limits.cachedEntries)
    }

    /// The stored bytes of tile z/x/y (compressed as `header.tileCompression` says), or nil when the
    /// archive has no such tile; throws as `open` does.
    public func tileData(z: Int, x: Int, y: Int) async throws -> Data? {
        guard let id = HilbertTileID.id(z: z, x: x, y: y) else { return nil }
        var directory = root
        var visited: Set<UInt64> = [header.rootDirectory.offset]
        for _ in 0..<limits.directoryLevels {
            guard let entry = directory.entry(for: id) else { return nil }
            if !entry.isLeaf {
                let offset = try place(entry, in: header.tileData, part: "tile \(z)/\(x)/\(y)", limit: limits.tileBytes)
                return try await Self.read(source, at: offset, length: Int(entry.length), part: "tile \(z)/\(x)/\(y)", exact: true)
            }
            let offset = try place(entry, in: header.leafDirectories, part: "leaf directory", limit: limits.directoryBytes)
            guard visited.insert(offset).inserted else { throw MapSnapshotError.archiveDamaged(name: source.name, problem: .directoryLoop(offset: offset)) }
            directory = try await leaves.directory(at: offset) { [self] in try await leaf(at: offset, length: Int(entry.length)) }
        }
        throw MapSnapshotError.archiveDamaged(name: source.name, problem: .directoryTooDeep(levels: limits.directoryLevels))
    }

    /// How many leaf directories are held in memory.
    public var cachedLeafDirectoryCount: Int {
        get async { await leaves.count }
    }

    private func leaf(at offset: UInt64, length: Int) async throws -> PMTilesDirectory {
        let bytes = try await Self.read(source, at: offset, length: length, part: "leaf directory", exact: true)
        return try Self.damaged(source) { () throws(PMTilesProblem) in
            try PMTilesDirectory(decoding: header.internalCompression.decode(bytes, part: "leaf directory", limit: limits.inflatedDirectoryBytes),
                                 maxEntries: limits.directoryEntries)
        }
    }

    /// The absolute offset of `entry` inside `section`, checked to lie within it and under `limit`.
    private func place(_ entry: PMTilesEntry, in section: PMTilesHeader.Section, part: String, limit: Int) throws(MapSnapshotError) -> UInt64 {
        let length = UInt64(entry.length)
        guard length <= UInt64(limit) else { throw .archiveDamaged(name: source.name, problem: .tooLarge(part: part, length: length, limit: limit)) }
        guard entry.offset <= section.length, length <= section.length - entry.offset else {
            throw .archiveDamaged(name: source.name, problem: .outsideSection(part: part, offset: entry.offset, length: length, sectionLength: section.length))
        }
        return section.offset + entry.offset
    }

    /// The bytes of `section`: cut from `first` when it lies there, else read (at most `limit`).
    private static func section(_ section: PMTilesHeader.Section, part: String, limit: Int, in first: Data,
                                of source: any ByteRangeSource) async throws -> Data {
        guard section.length <= UInt64(limit) else {
            throw MapSnapshotError.archiveDamaged(name: source.name, problem: .tooLarge(part: part, length: section.length, limit: limit))
        }
        let end = section.offset + section.length
        if end <= UInt64(first.count) {
            let start = first.startIndex + Int(section.offset)
            return first.subdata(in: start..<start + Int(section.length))
        }
        return try await read(source, at: section.offset, length: Int(section.length), part: part, exact: true)
    }

    /// `length` bytes at `offset`; fewer (the archive ends) is `.truncated` when `exact`. A read
    /// that fails is `.archiveUnreadable`, one of another version of the archive `.archiveChanged`;
    /// cancellation stays `CancellationError`.
    private static func read(_ source: any ByteRangeSource, at offset: UInt64, length: Int, part: String, exact: Bool) async throws -> Data {
        let data: Data
        do {
            data = try await source.bytes(at: offset, length: length)
        } catch let error as CancellationError {
            throw error
        } catch let error as MapSnapshotError {
            throw error
        } catch LoadError.archiveChanged {
            throw MapSnapshotError.archiveChanged(name: source.name)
        } catch {
            throw MapSnapshotError.archiveUnreadable(name: source.name, reason: "reading the \(part): \(error)")
        }
        if exact, data.count < length {
            throw MapSnapshotError.archiveDamaged(name: source.name, problem: .truncated(part: part, offset: offset, expected: length, got: data.count))
        }
        return data.count > length ? data.prefix(length) : data
    }

    /// `work`'s result, its problem reported as `.archiveDamaged` naming the source.
    private static func damaged<T>(_ source: any ByteRangeSource, _ work: () throws(PMTilesProblem) -> T) throws(MapSnapshotError) -> T {
        do {
            return try work()
        } catch {
            throw .archiveDamaged(name: source.name, problem: error)
        }
    }
}
