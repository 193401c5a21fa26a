// SketchStageTests: a picture's colour sketch is a stage of the one loader (`ThumbnailURL.sketch`) — asked twice it is
// made once, and when nobody waits any more its source stops and its queued work never runs.
import Foundation
import Imaging
import SchemeLoader
import TestSupport
import Testing
import Thumbnails

@Suite struct SketchStageTests {
    private let box = ThumbnailBox(columns: 16, rows: 4, mode: .symbols)
    private let source = URL(string: "mock://pictures/green.png")!

    private func green() async throws -> Data {
        try await OffPool.run {
            try ImageProcessor().encode(Bitmap(width: 40, height: 30, filledWith: RGBA(red: 20, green: 200, blue: 60)), as: .png)
        }
    }

    @Test func aSketchAskedTwiceIsMadeOnceFromOneLoadOfItsSource() async throws {
        // Given a picture that arrives when the test lets it through
        let gate = Gate(), mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: try await green(), mimeType: "image/png", gate: gate))
        let loader = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(workers: WorkerPool(threads: 1, nicenessIncrement: 0))])
        let sketch = ThumbnailURL.sketch(of: source, box: box).url
        // When its sketch is asked for twice while the picture is on its way
        let done = ResultBox()
        loader.load(LoadRequest(url: sketch, priority: .low)) { done.add($0) }
        loader.load(LoadRequest(url: sketch, priority: .high)) { done.add($0) }
        #expect(await eventually { gate.waiting == 1 })
        gate.open()
        // Then both get the same sketch, in the picture's green and shape, from one stage load and one source load
        #expect(await eventually { done.count == 2 })
        let texts = done.all.compactMap { (try? $0.get()).flatMap { String(data: $0.data, encoding: .utf8) } }
        #expect(texts == Array(repeating: "8x6:" + String(repeating: "14c83c", count: 48), count: 2))
        #expect(try #require(try? done.first?.get()).response.mimeType == ThumbnailURL.sketchMIMEType)
        let stages = loader.statistics(for: ThumbnailURL.scheme)
        #expect(stages.handlerLoads == 1 && stages.coalesced == 1)
        #expect(mock.totalLoads == 1 && loader.statistics.workRun == 1)
        await loader.shutdown()
    }

    @Test func aSketchNobodyWaitsForStopsItsSource() async throws {
        // Given a sketch waiting for its picture
        let gate = Gate(), mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: try await green(), mimeType: "image/png", gate: gate))
        let loader = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler()])
        let token = loader.load(ThumbnailURL.sketch(of: source, box: box).url) { _ in }
        #expect(await eventually { gate.waiting == 1 })
        // When its only caller leaves (the draft's attachment went away)
        token.cancel()
        // Then the picture's load stops too, and nothing stays in flight
        #expect(await eventually { mock.cancelledLoads == 1 })
        #expect(await eventually { loader.statistics.inFlight == 0 })
        gate.open()
    }

    @Test func aSketchNobodyWaitsForNeverRunsItsQueuedWork() async throws {
        // Given one worker, held, and a sketch whose picture has arrived and whose work waits for the worker
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: try await green(), mimeType: "image/png"))
        let loader = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(workers: workers)])
        let token = loader.load(ThumbnailURL.sketch(of: source, box: box).url) { _ in }
        #expect(await eventually { workers.statistics.waiting == 1 })
        // When its only caller leaves
        token.cancel()
        // Then its work leaves the queue unrun
        #expect(await eventually { workers.statistics.waiting == 0 })
        #expect(workers.statistics.withdrawn == 1)
        try await hold.release()
        #expect(await eventually { loader.statistics.inFlight == 0 })
        #expect(loader.statistics.workRun == 0)
    }
}
