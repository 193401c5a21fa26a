// TileCacheTests: decoded tiles are kept between snapshots, and the memory they take stays bounded.
import Foundation
import MapSnapshots
import Testing

@Suite struct TileCacheTests {
    @Test("Given one snapshotter, when the same view is rendered twice, then no tile is decoded again")
    func tilesAreReused() async throws {
        let snapshotter = try MapSnapshotter(tilesFiles: [MapTestFiles.world])
        let view = try mapURL(59.9356, 30.3259, zoom: 10)
        _ = try await snapshotter.bitmap(for: view)
        let afterFirst = snapshotter.cachedTileCount
        #expect(afterFirst >= 1)
        _ = try await snapshotter.bitmap(for: view)
        #expect(snapshotter.cachedTileCount == afterFirst)
        snapshotter.emptyCache()
        #expect(snapshotter.cachedTileCount == 0 && snapshotter.cachedTileBytes == 0)
    }

    @Test("Given a 1 MiB cache, when many places are rendered, then the decoded tiles stay within it")
    func cacheIsBounded() async throws {
        let limit = 1 << 20
        let snapshotter = try MapSnapshotter(tilesFiles: [MapTestFiles.world], cacheBytes: limit)
        let places = [(59.93, 30.33), (40.71, -74.0), (-33.87, 151.21), (35.68, 139.65), (51.5, -0.12),
                      (-22.9, -43.2), (19.07, 72.88), (6.52, 3.38), (41.0, 28.98), (49.28, -123.12)]
        var largest = 0
        for (lat, lon) in places {
            _ = try await snapshotter.bitmap(for: mapURL(lat, lon, zoom: 9))
            largest = max(largest, snapshotter.cachedTileBytes)
            #expect(snapshotter.cachedTileBytes <= limit || snapshotter.cachedTileCount == 1)
        }
        #expect(largest > limit / 2, "the test should fill the cache (largest \(largest))")
    }
}
