// BringYourOwnTilesTests: an OpenMapTiles-schema MBTiles file given to the handler is drawn over the world.
import Foundation
import GRDB
import Imaging
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct BringYourOwnTilesTests {
    /// The zoom-12 tile holding 0°S 30°W (open Atlantic in the world file).
    private let z = 12, tileX = 1706, tileY = 2048

    /// Writes an OpenMapTiles-style MBTiles with one tile: a lake over the west half, a primary road
    /// down the middle of the east half, and a town.
    private func writeExtract(to url: URL) throws {
        let zz = ProtobufWriter.zigzag, cmd = ProtobufWriter.command
        var lake = ProtobufWriter()
        lake.field(2, packed: [0, 0])
        lake.field(3, varint: 3)
        lake.field(4, packed: [cmd(1, 1), zz(0), zz(0), cmd(2, 3), zz(0), zz(4096), zz(2048), zz(0), zz(0), zz(-4096), cmd(7, 1)])
        var lakeClass = ProtobufWriter()
        lakeClass.field(1, string: "lake")
        var water = ProtobufWriter()
        water.field(15, varint: 2)
        water.field(1, string: "water")
        water.field(2, bytes: lake.bytes)
        water.field(3, string: "class")
        water.field(4, bytes: lakeClass.bytes)
        water.field(5, varint: 4096)

        var road = ProtobufWriter()
        road.field(2, packed: [0, 0])
        road.field(3, varint: 2)
        road.field(4, packed: [cmd(1, 1), zz(3072), zz(0), cmd(2, 1), zz(0), zz(4096)])
        var primary = ProtobufWriter()
        primary.field(1, string: "primary")
        var transportation = ProtobufWriter()
        transportation.field(15, varint: 2)
        transportation.field(1, string: "transportation")
        transportation.field(2, bytes: road.bytes)
        transportation.field(3, string: "class")
        transportation.field(4, bytes: primary.bytes)
        transportation.field(5, varint: 4096)

        var tile = ProtobufWriter()
        tile.field(3, bytes: water.bytes)
        tile.field(3, bytes: transportation.bytes)

        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE metadata (name TEXT, value TEXT)")
            try db.execute(sql: "CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB)")
            for (name, value) in [("name", "test extract"), ("format", "pbf"), ("minzoom", "12"), ("maxzoom", "12"),
                                  ("attribution", "<a href=\"x\">&copy; Test Extract</a>"),
                                  ("json", #"{"vector_layers":[{"id":"water"},{"id":"transportation"}]}"#)] {
                try db.execute(sql: "INSERT INTO metadata VALUES (?, ?)", arguments: [name, value])
            }
            try db.execute(sql: "INSERT INTO tiles VALUES (?, ?, ?, ?)",
                           arguments: [z, tileX, (1 << z) - 1 - tileY, Data(tile.bytes)])
        }
    }

    @Test("Given a user's OpenMapTiles extract, when a snapshot inside it is rendered, then its land, water and roads show")
    func extractIsDrawn() async throws {
        let folder = try TemporaryDirectory()
        let extract = folder.appending("extract.mbtiles")
        try writeExtract(to: extract)
        let snapshotter = try MapSnapshotter(tilesFiles: [MapTestFiles.world, extract])
        #expect(snapshotter.archives.last?.role == .baseMap)
        let centre = WebMercator.coordinate(x: (Double(tileX) + 0.5) * 256, y: (Double(tileY) + 0.5) * 256, zoom: Double(z))
        for zoom in [12.0, 13.0] {
            let size = zoom == 12 ? 256 : 512
            let bitmap = try await snapshotter.bitmap(for: mapURL(centre.latitude, centre.longitude, zoom: zoom, width: size, height: size))
            let quarter = size / 4
            #expect(bitmap.surface(x: quarter, y: size / 2, palette: .light) == .lake, "west half is the extract's lake")
            #expect(bitmap.surface(x: size / 2 + quarter / 2, y: size / 2, palette: .light) == .land, "east half is land")
            #expect(bitmap.count(of: [MapPalette.light.majorRoad]) >= size, "the primary road is drawn")
        }
        // Below the extract's zoom range the world file alone shows open sea.
        let outside = try await snapshotter.bitmap(for: mapURL(centre.latitude, centre.longitude, zoom: 11, width: 64, height: 64))
        #expect(outside.surface(x: 32, y: 32, palette: .light) == .ocean)
    }

    @Test("Given the handler with an extract, then it loads PNG bytes credited to the extract")
    func handlerUsesExtract() async throws {
        let folder = try TemporaryDirectory()
        let extract = folder.appending("extract.mbtiles")
        try writeExtract(to: extract)
        let file = try MBTilesFile.open(extract)
        #expect(file.attribution == "© Test Extract")
        let handler = MapSchemeHandler(tilesFiles: [MapTestFiles.world, extract])
        let loader = try SchemeLoader(handlers: [handler])
        let url = try #require(URL(string: "map://?latitude=-0.04&longitude=-30.01&zoom=12.5"))
        let result = try await loader.data(for: url)
        #expect(result.response.mimeType == "image/png")
        #expect(result.data.count > 1000)
    }
}
