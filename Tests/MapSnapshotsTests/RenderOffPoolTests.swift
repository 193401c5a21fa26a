// Map rendering runs on the handler's worker pool (its own threads), never on Swift's cooperative
// pool: with that worker pool held, no render happens — and the cooperative pool stays free meanwhile.
import Dispatch
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct RenderOffPoolTests {
    @Test func rendersWaitForTheWorkerPoolNotTheCooperativePool() async throws {
        // Given a handler whose one-thread worker pool is held by a blocked job
        let pool = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = DispatchSemaphore(value: 0)
        let held = Locked(false)
        let holding = Task { try await pool.run { held.withLock { $0 = true }; hold.wait() } }
        #expect(await eventually { held.withLock { $0 } })
        let loader = try SchemeLoader(handlers: [MapSchemeHandler(tilesFiles: [MapTestFiles.world], renderPool: pool)])
        let urls = try (0..<8).map { try mapURL(10 + Double($0) * 5, 20 + Double($0) * 7, zoom: 4, width: 400, height: 300).url }

        // When eight renders are asked for
        let done = Locked(0)
        for url in urls { loader.load(url) { if case .success = $0 { done.withLock { $0 += 1 } } } }

        // Then all eight wait for the held worker, none rendered, and the cooperative pool still runs tasks
        #expect(await eventually { pool.statistics.waiting == 8 })
        #expect(done.withLock { $0 } == 0)
        // And once the worker is free, all eight arrive
        hold.signal()
        try await holding.value
        #expect(await eventually { done.withLock { $0 } == 8 })
        await loader.shutdown()
    }

    private func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return true
    }
}
