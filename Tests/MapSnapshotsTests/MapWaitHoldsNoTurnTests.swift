// MapWaitHoldsNoTurnTests: a map waiting for its tiles (a remote archive's ranges) holds no worker — another
// picture's work runs on the only one meanwhile; only the drawing waits for a worker.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct MapWaitHoldsNoTurnTests {
    @Test("Given one worker and a map whose tile reads hang, when another picture is asked for, then its work runs while the map waits")
    func aWaitingMapLeavesTheTurnToOthers() async throws {
        let gate = Gate()
        let file = try FileRangeSource(path: PMTilesFixture.helsinki.path)
        let header = try await PMTilesReader.open(file).header
        let held = RecordingRangeSource(file, holdingReadsFrom: header.tileData.offset, until: gate)
        let url = try #require(URL(string: "http://127.0.0.1:9/held-\(UUID().uuidString).pmtiles"))  // its own shared snapshotter
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let mock = MockSchemeHandler(workers: workers)
        let picture = URL(string: "mock://pictures/one")!
        mock.stub(picture, with: MockResponse(data: Data([1])))
        let loader = try SchemeLoader(handlers: [MapSchemeHandler(tilesFiles: [url], opener: TileArchiveOpener { _ in held },
                                                                  renderPool: workers), mock])
        let map = Task { try await loader.data(for: try mapURL(60.1705, 24.944, zoom: 15).url) }
        #expect(await eventually { gate.waiting > 0 }, "the map reaches its tile reads")

        // When another picture is asked for while the map waits
        let other = ResultBox()
        loader.load(picture) { other.add($0) }

        // Then its work runs on the one worker and it loads, the map still waiting; and the map is drawn once its tiles come
        #expect(await eventually { other.count == 1 })
        #expect((try? other.first?.get())?.data == Data([1]) && gate.waiting > 0)
        #expect(mock.workedURLs == [picture])
        gate.open()
        let drawn = try await map.value
        #expect(drawn.response.mimeType == "image/png" && !drawn.data.isEmpty)
        await loader.shutdown()
    }
}
