// PMTilesSamePixelsTests: the shipped world and Helsinki converted to PMTiles draw exactly the same
// snapshots as the MBTiles they came from — cities, zooms, the antimeridian, both styles.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite(.enabled("needs the world as PMTiles (scripts/fixtures/pmtiles-from-mbtiles.sh: python3 and pip)") { await PMTilesFixture.world() != nil })
struct PMTilesSamePixelsTests {
    static let views: [(name: String, latitude: Double, longitude: Double, zoom: Double, style: MapStyle)] = [
        ("St Petersburg z10", 59.935634, 30.325935, 10, .light),
        ("Helsinki streets z15", 60.1705, 24.944, 15, .light),
        ("Helsinki z13 dark", 60.1699, 24.9384, 13, .dark),
        ("Fiji across the antimeridian z7", -16.8, 179.9, 7, .light),
        ("Europe z3", 50, 15, 3, .light),
        ("the world z0.8", 20, 160, 0.8, .dark),
        ("New York z11", 40.7128, -74.006, 11, .light),
        ("Sydney z8.5", -33.8688, 151.2093, 8.5, .light),
    ]

    @Test("Given the same places from PMTiles and from MBTiles, then the snapshots are the same pixels",
          arguments: Self.views.map(\.name))
    func samePixels(name: String) async throws {
        let view = try #require(Self.views.first { $0.name == name })
        let world = try #require(await PMTilesFixture.world())
        let fromPMTiles = try await MapSnapshotter.open([world, PMTilesFixture.helsinki])
        #expect(fromPMTiles.archives.map(\.role) == [.world, .overlay])
        let url = try mapURL(view.latitude, view.longitude, zoom: view.zoom, width: 320, height: 200, style: view.style)
        let expected = try await MapTestFiles.snapshotter.bitmap(for: url)
        let drawn = try await fromPMTiles.bitmap(for: url)
        #expect(drawn.width == expected.width && drawn.height == expected.height)
        #expect(drawn.pixels == expected.pixels, "\(name) differs")
    }
}
