// PMTilesReaderTests: the reader over a real archive — every tile as the MBTiles has it, the header,
// root and metadata in one read, and leaf directories read once, so a nearby map needs only tile reads.
import Foundation
import GRDB
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct PMTilesReaderTests {
    @Test("Given Helsinki as PMTiles and as MBTiles, then every tile's stored bytes are the same")
    func sameTilesAsMBTiles() async throws {
        let reader = try await PMTilesReader.open(FileRangeSource(path: PMTilesFixture.helsinki.path))
        let rows = try DatabaseQueue(path: MapTestFiles.helsinki.path).read { db in
            try Row.fetchAll(db, sql: "SELECT zoom_level, tile_column, tile_row, tile_data FROM tiles")
        }
        #expect(rows.count == 16)
        #expect(reader.header.addressedTiles == UInt64(rows.count))
        for row in rows {
            let z: Int = row["zoom_level"], x: Int = row["tile_column"], tmsRow: Int = row["tile_row"]
            let y = (1 << z) - 1 - tmsRow
            let stored: Data = row["tile_data"]
            #expect(try await reader.tileData(z: z, x: x, y: y) == stored, "\(z)/\(x)/\(y)")
        }
        #expect(try await reader.tileData(z: 12, x: 0, y: 0) == nil, "a tile the archive lacks")
        #expect(try await reader.tileData(z: 2, x: 1, y: 1) == nil, "a zoom the archive lacks")
    }

    @Test("Given a PMTiles archive, when opened, then header, root directory and metadata come in one read")
    func oneReadToOpen() async throws {
        let source = RecordingRangeSource(try FileRangeSource(path: PMTilesFixture.helsinki.path))
        let archive = try await PMTilesArchive.open(source)
        #expect(source.recorded == [RecordingRangeSource.Read(offset: 0, length: PMTilesLimits().firstRead)])
        #expect(archive.zoomRange == 12...15)
        #expect(archive.role == .overlay)
        #expect(archive.layerNames.contains("transportation"))
        #expect(archive.reader.header.tileCompression == .gzip)
    }

    @Test("Given the world as PMTiles, when a map is drawn again or beside it, then no directory is read twice",
          .enabled("needs the world as PMTiles (scripts/fixtures/pmtiles-from-mbtiles.sh: python3 and pip)") { await PMTilesFixture.world() != nil })
    func nearbyMapReadsOnlyTiles() async throws {
        let world = try #require(await PMTilesFixture.world())
        let source = RecordingRangeSource(try FileRangeSource(path: world.path))
        let archive = try await PMTilesArchive.open(source)
        let header = archive.reader.header
        #expect(header.leafDirectories.length > 0, "the world has leaf directories")
        let snapshotter = try MapSnapshotter(archives: [archive])

        _ = try await snapshotter.bitmap(for: mapURL(59.93, 30.33, zoom: 8))
        let first = source.recorded
        #expect(first.contains { $0.offset >= header.leafDirectories.offset && $0.offset < header.tileData.offset },
                "the first map reads a leaf directory")
        #expect(await archive.reader.cachedLeafDirectoryCount >= 1)

        // The same map again with its decoded tiles dropped: the directories are still in memory.
        snapshotter.emptyCache()
        source.reset()
        _ = try await snapshotter.bitmap(for: mapURL(59.93, 30.33, zoom: 8))
        let again = source.recorded
        #expect(!again.isEmpty, "the tiles are read again")
        #expect(again.allSatisfy { $0.offset >= header.tileData.offset }, "only tile reads: \(again)")

        // A map beside it never reads a directory twice.
        source.reset()
        _ = try await snapshotter.bitmap(for: mapURL(59.93, 32.5, zoom: 8))
        let directoriesBefore = Set(first.filter { $0.offset < header.tileData.offset }.map(\.offset))
        let beside = source.recorded
        #expect(!beside.isEmpty, "the map beside it needs new tiles")
        #expect(beside.allSatisfy { $0.offset >= header.tileData.offset || !directoriesBefore.contains($0.offset) }, "\(beside)")
    }
}
