// MapLoadCancellationTests: a map load waiting for slow tile reads ends at once when cancelled, and
// the reads themselves are cancelled — no render is left waiting on a range that is no longer wanted.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct MapLoadCancellationTests {
    @Test("Given a map whose tile reads hang, when its load is cancelled, then it ends with CancellationError and the reads stop")
    func cancelledWhileReadingTiles() async throws {
        let gate = Gate()
        let file = try FileRangeSource(path: PMTilesFixture.helsinki.path)
        let header = try await PMTilesReader.open(file).header
        let held = RecordingRangeSource(file, holdingReadsFrom: header.tileData.offset, until: gate)
        let url = try #require(URL(string: "http://127.0.0.1:9/cancelled-\(UUID().uuidString).pmtiles"))  // its own shared snapshotter
        let handler = MapSchemeHandler(tilesFiles: [url], opener: TileArchiveOpener { _ in held })
        let loader = try SchemeLoader(handlers: [handler])
        let map = try mapURL(60.1705, 24.944, zoom: 15).url

        let load = Task { try await loader.data(for: map) }
        #expect(await eventually { gate.waiting > 0 }, "the load reaches the tile reads")
        load.cancel()
        let outcome = await load.result
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(await eventually { held.cancelledReads > 0 && gate.waiting == 0 }, "the held tile reads were cancelled")
        gate.open()
        await loader.shutdown()
    }
}
