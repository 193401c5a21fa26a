// ThumbnailStageBudgetTests: a thumbnail waits for its source without a CPU slot, and its priority reaches the source.
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

    /// Thumbnails over `base` with one slot: one encode at a time.
    private func oneSlotThumbnails(over base: SchemeLoader) throws -> SchemeLoader {
        var configuration = SchemeLoaderConfiguration()
        configuration.maxConcurrentLoads = 1
        return try SchemeLoader(handlers: [ThumbnailSchemeHandler(base: base)], configuration: configuration)
    }

    @Test func aSlowSourceDoesNotHoldTheSlotAFastOneNeeds() async throws {
        // Given one encode slot, and a thumbnail whose source is stuck (a slow web server)
        let gate = Gate()
        let mock = MockSchemeHandler()
        let slow = URL(string: "mock://web/slow.png")!, fast = URL(string: "mock://web/fast.png")!
        mock.stub(slow, with: MockResponse(data: try await png(), mimeType: "image/png", gate: gate))
        mock.stub(fast, with: MockResponse(data: try await png(), mimeType: "image/png"))
        let base = try SchemeLoader(handlers: [mock])
        let thumbnails = try oneSlotThumbnails(over: base)
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
        await base.shutdown()
    }

    @Test func theSlotTimeLeavesOutTheWaitForTheSource() async throws {
        // Given a source that takes at least 200 ms
        let mock = MockSchemeHandler()
        let source = URL(string: "mock://web/late.png")!
        mock.stub(source, with: MockResponse(data: try await png(), mimeType: "image/png", delay: .milliseconds(200)))
        let base = try SchemeLoader(handlers: [mock])
        let thumbnails = try oneSlotThumbnails(over: base)
        // When its thumbnail loads
        let loaded = try await thumbnails.data(for: thumbnail(source))
        // Then the handler time includes the wait, the slot time does not
        let handler = try #require(loaded.metrics.handler), held = try #require(loaded.metrics.slotHeld)
        #expect(handler - held >= .milliseconds(200))
        await thumbnails.shutdown()
        await base.shutdown()
    }

    @Test func aThumbnailsPriorityReachesItsSourceAndFollowsItsChanges() async throws {
        // Given a base loader with one slot, busy with a blocker, and two thumbnails whose sources queue behind it
        let gate = Gate()
        let mock = MockSchemeHandler()
        let blocker = URL(string: "mock://web/blocker")!
        mock.stub(blocker, with: MockResponse(data: Data([1]), gate: gate))
        let picture = try await png()
        let first = URL(string: "mock://web/first.png")!, second = URL(string: "mock://web/second.png")!
        for url in [first, second] { mock.stub(url, with: MockResponse(data: picture, mimeType: "image/png")) }
        var baseConfiguration = SchemeLoaderConfiguration()
        baseConfiguration.maxConcurrentLoads = 1
        let base = try SchemeLoader(handlers: [mock], configuration: baseConfiguration)
        var configuration = SchemeLoaderConfiguration()
        configuration.maxConcurrentLoads = 2
        let thumbnails = try SchemeLoader(handlers: [ThumbnailSchemeHandler(base: base)], configuration: configuration)
        base.load(blocker) { _ in }
        #expect(await eventually { gate.waiting == 1 })
        let done = ResultBox()
        let low = thumbnails.load(LoadRequest(url: thumbnail(first), priority: .low)) { done.add($0) }
        thumbnails.load(LoadRequest(url: thumbnail(second), priority: .normal)) { done.add($0) }
        #expect(await eventually { base.statistics.inFlight == 3 })
        // When the first thumbnail becomes the most urgent (its row came into view)
        low.setPriority(.veryHigh)
        gate.open()
        // Then its source starts first
        #expect(await eventually { done.count == 2 })
        let started = mock.startedURLs.map(\.lastPathComponent)
        #expect(started == ["blocker", "first.png", "second.png"])
        await thumbnails.shutdown()
        await base.shutdown()
    }
}
