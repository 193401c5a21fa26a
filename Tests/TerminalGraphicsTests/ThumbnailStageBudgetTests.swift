// ThumbnailStageBudgetTests: a thumbnail is a stage of the one loader — it waits for its source without a CPU slot,
// its priority reaches the source, and a cold web picture passes the loader's pipeline once per URL.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct ThumbnailStageBudgetTests {
    private func png() async throws -> Data {
        try await OffPool.run { try ImageProcessor().encode(TestImages.card(width: 60, height: 40), as: .png) }
    }

    private func thumbnail(_ source: URL) -> URL {
        ThumbnailURL(source: source, box: ThumbnailBox(columns: 8, rows: 3, mode: .symbols)).url
    }

    /// One loader of `mock`'s pictures and their thumbnails, encoding on `workers` (one thread: one encode at a time).
    private func loader(_ mock: MockSchemeHandler,
                        workers: WorkerPool = WorkerPool(threads: 1, nicenessIncrement: 0)) throws -> SchemeLoader {
        try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(workers: workers)])
    }

    @Test func aSlowSourceDoesNotHoldTheWorkerAFastOneNeeds() async throws {
        // Given one encoding worker, and a thumbnail whose source is stuck (a slow web server)
        let gate = Gate()
        let mock = MockSchemeHandler()
        let slow = URL(string: "mock://web/slow.png")!, fast = URL(string: "mock://web/fast.png")!
        mock.stub(slow, with: MockResponse(data: try await png(), mimeType: "image/png", gate: gate))
        mock.stub(fast, with: MockResponse(data: try await png(), mimeType: "image/png"))
        let thumbnails = try loader(mock)
        let stuck = ResultBox()
        thumbnails.load(thumbnail(slow)) { stuck.add($0) }
        #expect(await eventually { gate.waiting == 1 })
        // When a second thumbnail, whose source is ready, is asked for
        let ready = ResultBox()
        thumbnails.load(thumbnail(fast)) { ready.add($0) }
        // Then it is encoded while the first still waits for its source
        #expect(await eventually(timeout: .seconds(30)) { ready.count == 1 })
        #expect((try? ready.first?.get())?.source == .handler)
        #expect(stuck.count == 0)
        gate.open()
        #expect(await eventually { stuck.count == 1 })
        #expect((try? stuck.first?.get())?.source == .handler)
        await thumbnails.shutdown()
    }

    @Test func theSlotTimeLeavesOutTheWaitForTheSource() async throws {
        // Given a source that takes at least 200 ms
        let mock = MockSchemeHandler()
        let source = URL(string: "mock://web/late.png")!
        mock.stub(source, with: MockResponse(data: try await png(), mimeType: "image/png", delay: .milliseconds(200)))
        let thumbnails = try loader(mock)
        // When its thumbnail loads
        let loaded = try await thumbnails.data(for: thumbnail(source))
        // Then the handler time includes the wait, the slot time does not
        let handler = try #require(loaded.metrics.handler), held = try #require(loaded.metrics.slotHeld)
        #expect(handler - held >= .milliseconds(200))
        await thumbnails.shutdown()
    }

    @Test func aThumbnailsWorkerTimesIncludeItsSourcesWork() async throws {
        // Given one worker, held, and a source whose own work waits for it (a photo rendered before its thumbnail)
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let mock = MockSchemeHandler(workers: workers)
        let source = URL(string: "mock://web/photo.png")!
        mock.stub(source, with: MockResponse(data: try await png(), mimeType: "image/png"))
        let thumbnails = try loader(mock, workers: workers)
        let done = ResultBox()
        thumbnails.load(thumbnail(source)) { done.add($0) }
        #expect(await eventually { workers.statistics.waiting == 1 })
        // (a second caller of the source joins its load: it hears the source's own wait for the worker)
        let joined = ResultBox()
        let coalescedBefore = thumbnails.statistics.coalesced
        thumbnails.load(LoadRequest(url: source)) { joined.add($0) }
        #expect(await eventually { thumbnails.statistics.coalesced > coalescedBefore })
        try await hold.release()
        // When the thumbnail is made
        #expect(await eventually { done.count == 1 && joined.count == 1 })
        let loaded = try #require(try done.first?.get())
        let sourceWait = try #require(try joined.first?.get().metrics.queueWait)
        // Then its wait for a worker counts its source's: the planner does not take it for a download
        let queued = try #require(loaded.metrics.queueWait), held = try #require(loaded.metrics.slotHeld)
        let handler = try #require(loaded.metrics.handler)
        #expect(sourceWait > .zero)
        #expect(queued >= sourceWait)
        #expect(held + queued <= handler)
        await thumbnails.shutdown()
    }

    @Test func aThumbnailsPriorityReachesItsSourceAndFollowsItsChanges() async throws {
        // Given one worker, held, and two thumbnails whose sources' work queues for it
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let mock = MockSchemeHandler(workers: workers)
        let picture = try await png()
        let first = URL(string: "mock://web/first.png")!, second = URL(string: "mock://web/second.png")!
        for url in [first, second] { mock.stub(url, with: MockResponse(data: picture, mimeType: "image/png")) }
        let thumbnails = try loader(mock, workers: workers)
        let done = ResultBox()
        let low = thumbnails.load(LoadRequest(url: thumbnail(first), priority: .low)) { done.add($0) }
        thumbnails.load(LoadRequest(url: thumbnail(second), priority: .normal)) { done.add($0) }
        #expect(await eventually { workers.statistics.waiting == 2 })
        // When the first thumbnail becomes the most urgent (its row came into view)
        low.setPriority(.veryHigh)
        try await hold.release()
        // Then its source's work runs first
        #expect(await eventually { done.count == 2 })
        #expect(mock.workedURLs.map(\.lastPathComponent) == ["first.png", "second.png"])
        await thumbnails.shutdown()
    }

    @Test func aColdWebPicturePassesTheLoaderOncePerURL() async throws {
        // Given a web picture and a loader with a disk cache, both cold
        let server = try await TestHTTPServer(routes: [
            "/cold.png": .respond(headers: [("Content-Type", "image/png"), ("Cache-Control", "max-age=600")], body: try await png())])
        let disk = try TemporaryDirectory()
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(), ThumbnailSchemeHandler()],
                                      configuration: SchemeLoaderConfiguration(diskDirectory: disk.url))
        // When its thumbnail is loaded
        let loaded = try await loader.data(for: thumbnail(server.url("/cold.png")))
        // Then the thumbnail and its picture each went once through job, disk lookup and handler, in one loader
        #expect(loaded.source == .handler)
        let pictures = loader.statistics(for: "http"), thumbnails = loader.statistics(for: ThumbnailURL.scheme)
        #expect(pictures.handlerLoads == 1 && thumbnails.handlerLoads == 1)
        #expect(pictures.diskHits + pictures.memoryHits + pictures.coalesced == 0)
        #expect(thumbnails.diskHits + thumbnails.memoryHits + thumbnails.coalesced == 0)
        #expect(loader.statistics.handlerLoads == 2)
        #expect(server.requestCount("/cold.png") == 1)
        await loader.shutdown()
        await server.stop()
    }
}
