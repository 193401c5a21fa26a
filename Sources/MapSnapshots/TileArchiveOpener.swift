// TileArchiveOpener: opens a tiles location — MBTiles or PMTiles chosen by the file's first bytes; http(s) through a range source.
import Foundation
import SchemeLoader

/// The formats of tiles archive Snapterm reads.
public enum TileArchiveFormat: String, Sendable {
    /// An SQLite database of the MBTiles schema.
    case mbtiles
    /// A PMTiles v3 archive.
    case pmtiles
}

/// Opens tiles archives named by path or URL.
public struct TileArchiveOpener: Sendable {
    /// Makes the range source of an http(s) archive.
    public typealias RemoteSourceFactory = @Sendable (URL) throws -> any ByteRangeSource

    /// How http(s) archives are read; nil: they are refused with `.remoteArchiveUnsupported`.
    public var remoteSource: RemoteSourceFactory?

    /// An opener; `remoteSource` reads http(s) archives (PMTiles by HTTP range requests).
    public init(remoteSource: RemoteSourceFactory? = nil) {
        self.remoteSource = remoteSource
    }

    /// Whether `location` is an http(s) URL rather than a local file.
    public static func isRemote(_ location: URL) -> Bool {
        ["http", "https"].contains(location.scheme?.lowercased() ?? "")
    }

    /// Opens `location`: a local file (its format from its first bytes) or an http(s) PMTiles archive.
    /// Throws `MapSnapshotError` (missing, damaged, unsupported, remote without a range source) or
    /// `CancellationError`.
    public func open(_ location: URL) async throws -> any TileArchive {
        if Self.isRemote(location) {
            guard let remoteSource else { throw MapSnapshotError.remoteArchiveUnsupported(url: location.absoluteString) }
            return try await PMTilesArchive.open(try remoteSource(location))
        }
        let path = Self.localPath(location)
        switch try Self.format(ofFileAt: path) {
        case .mbtiles:
            return try await RegularFile.offPool { try MBTilesFile.open(URL(fileURLWithPath: path)) }
        case .pmtiles:
            let source: FileRangeSource
            do {
                source = try FileRangeSource(path: path)
            } catch {
                throw MapSnapshotError.archiveUnreadable(name: path, reason: "\(error)")
            }
            return try await PMTilesArchive.open(source)
        }
    }

    /// The path of a local location, symbolic links resolved (files are opened without following them).
    static func localPath(_ location: URL) -> String {
        location.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// The format of the file at `path` from its first bytes; throws `.tilesFileMissing` when there is
    /// no readable regular file, `.tilesFileDamaged` when it is neither format.
    public static func format(ofFileAt path: String) throws(MapSnapshotError) -> TileArchiveFormat {
        let start: Data
        do {
            start = try RegularFile(path: path, maxBytes: .max).read(at: 0, upTo: 16)
        } catch {
            if case .notARegularFile(_, let kind) = error {
                throw .tilesFileDamaged(path: path, reason: "it is \(kind)")
            }
            throw .tilesFileMissing(path: path)
        }
        if start.starts(with: Array("SQLite format 3\0".utf8)) { return .mbtiles }
        if start.starts(with: PMTilesHeader.magic) { return .pmtiles }
        if start.count >= 3, start.starts(with: Array("PM".utf8)), start[start.startIndex + 2] < 3 {
            throw .archiveDamaged(name: path, problem: .unsupportedVersion(Int(start[start.startIndex + 2])))
        }
        throw .tilesFileDamaged(path: path, reason: "it is neither an MBTiles (SQLite) database nor a PMTiles archive")
    }
}
