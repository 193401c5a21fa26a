// A download preview is part of its thumbnail's load: cancelled with it, its encode still waiting for a
// worker never runs.
import Dispatch
import Foundation
import SchemeLoader
import TestSupport
import Testing
import Thumbnails

@Suite struct DownloadPreviewCancellationTests {
    @Test func aThumbnailCancelledMidDownloadLeavesNoPreviewEncodeBehind() async throws {
        // Given a one-thread worker pool held by other work, and a progressive JPEG whose server sends half of it
        // and stalls
        let pool = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = DispatchSemaphore(value: 0), held = DispatchSemaphore(value: 0)
        let holding = Task { try await pool.run { held.signal(); hold.wait() } }
        try await OffPool.run { held.wait() }
        let photo = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-320-progressive.jpg"))
        let server = try await TestHTTPServer(routes: ["/photo.jpg": .stallAfter(prefix: photo.prefix(photo.count / 2), declaredLength: photo.count)])
        let thumbnails = try SchemeLoader(handlers: [HTTPSchemeHandler(), ThumbnailSchemeHandler(workers: pool)])
        let box = ThumbnailBox(columns: 12, rows: 4, mode: .symbols, colors: .truecolor)
        let done = ResultBox()
        let token = thumbnails.load(LoadRequest(url: ThumbnailURL(source: server.url("/photo.jpg"), box: box).url)) { done.add($0) }
        // (the first scans are in: their preview's encode waits for the worker)
        #expect(await eventually { pool.statistics.waiting == 1 })

        // When the thumbnail's row scrolls away mid-download
        token.cancel()

        // Then the preview's encode leaves the queue, and once the worker is free nothing more runs on it
        #expect(await eventually { pool.statistics.waiting == 0 })
        #expect(pool.statistics.withdrawn == 1)
        hold.signal()
        try await holding.value
        _ = try await pool.run { 0 }  // (runs after anything still queued would have)
        #expect(pool.statistics.started == 2, "the holder and the probe only")
        #expect(done.count == 1)
        #expect(throws: CancellationError.self) { try done.first?.get() }
        await thumbnails.shutdown()
        await server.stop()
    }
}
