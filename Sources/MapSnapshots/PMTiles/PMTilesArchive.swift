// PMTilesArchive: a PMTiles archive as a TileArchive — its reader plus what its metadata says.
import Foundation
import SchemeLoader

/// A PMTiles archive of vector tiles that snapshots draw from (a local file or, through a range
/// source, a URL).
public final class PMTilesArchive: TileArchive {
    /// The reader of the archive's bytes.
    public let reader: PMTilesReader
    /// The source's name: the file's path or the URL.
    public var name: String { reader.source.name }
    /// What the archive contributes to a snapshot.
    public let role: TileSourceRole
    /// The metadata's attribution, as plain text.
    public let attribution: String?
    /// The zoom levels of the header.
    public var zoomRange: ClosedRange<Int> { reader.header.zoomRange }
    /// The names of its vector layers.
    public let layerNames: Set<String>

    /// Opens the archive `source` reads; throws as `PMTilesReader.open`.
    public static func open(_ source: any ByteRangeSource, limits: PMTilesLimits = PMTilesLimits()) async throws -> PMTilesArchive {
        PMTilesArchive(reader: try await PMTilesReader.open(source, limits: limits))
    }

    private init(reader: PMTilesReader) {
        self.reader = reader
        let info = TileArchiveInfo(json: reader.metadata)
        role = info.role
        attribution = info.attribution
        layerNames = info.layerNames
    }

    /// The stored bytes of tile z/x/y, or nil when the archive has none.
    public func tileData(z: Int, x: Int, y: Int) async throws -> Data? {
        try await reader.tileData(z: z, x: x, y: y)
    }
}
