// PrefetchCostTests: what the prefetch planner counts as a load's cost — the median of the latest loads (one slow
// load does not deepen the prefetch), the visible rows' loads as well as the prefetches, and a wait for a worker
// not as a download.
import Foundation
import SchemeLoader
@testable import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct PrefetchCostTests {
    /// `planner` after 20 steps of one row at 120 rows/s, and the moment of the last.
    private func scrolled(_ planner: PrefetchPlanner) -> (PrefetchPlanner, ContinuousClock.Instant) {
        var planner = planner, moment = ContinuousClock.now
        for _ in 0..<20 {
            moment += .microseconds(8_333)
            planner.scrolled(rows: 1, at: moment)
        }
        return (planner, moment)
    }

    @Test func oneSlowLoadDoesNotDeepenThePrefetch() {
        // Given a planner that saw eight loads of 8 ms of work, then one of 100 ms (a photo's first reduced copy)
        var steady = PrefetchPlanner(minimumDistance: 3, maximumDistance: 48, concurrency: 6, initialLoadCost: .milliseconds(30))
        for _ in 0..<8 { steady.measured(load: .milliseconds(8)) }
        var slowOnce = steady
        slowOnce.measured(load: .milliseconds(100))
        // When the list scrolls at 120 rows/s
        let (planner, now) = scrolled(slowOnce)
        let (reference, then) = scrolled(steady)
        // Then it plans as without the slow load: the same distance, the same rows known to be late
        #expect(planner.secondsPerLoad == 0.008)
        #expect(planner.distance(at: now) == reference.distance(at: then))
        #expect(planner.lateRows(at: now) == reference.lateRows(at: then))
        #expect(planner.lateRows(at: now) <= 2)
    }

    @Test func aLoadsWaitForAWorkerIsNotADownload() throws {
        // Given a load of 100 ms in its handler: 10 ms of work, 60 ms waiting for a worker, 30 ms of download
        let metrics = LoadMetrics(total: .milliseconds(100), queueWait: .milliseconds(60), handler: .milliseconds(100),
                                  slotHeld: .milliseconds(10))
        let loaded = LoadResult(url: UIFixtures.url(1), data: Data(), response: LoadResponse(mimeType: "image/png"),
                                source: .handler, wasCoalesced: false, metrics: metrics, isStale: false)
        // Then the planner counts 10 ms of work and 30 ms of waiting
        let cost = try #require(LoadCost(loaded))
        #expect(cost.work == .milliseconds(10))
        #expect(cost.wait == .milliseconds(30))
        // and a joined load, or a cache hit, counts nothing
        let joined = LoadResult(url: loaded.url, data: Data(), response: loaded.response, source: .handler, wasCoalesced: true,
                                metrics: metrics, isStale: false)
        let hit = LoadResult(url: loaded.url, data: Data(), response: loaded.response, source: .memory, wasCoalesced: false,
                             metrics: metrics, isStale: false)
        #expect(LoadCost(joined) == nil && LoadCost(hit) == nil)
    }

    @Test func theVisibleRowsLoadsTeachThePlannerBeforeAnyPrefetch() async throws {
        // Given a list that assumes a load costs a whole second, whose visible rows load at once (no prefetch runs)
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data([1])))
        let loader = try SchemeLoader(handlers: [mock])
        let clock = ManualClock()
        var configuration = ListView.Configuration()
        configuration.prefetchDistance = 3
        configuration.initialLoadCost = .seconds(1)
        configuration.prefetchEnabled = false
        let list = ListView(loader: loader, rowCount: 100, visibleCount: 5, configuration: configuration,
                            now: { clock.now }, url: UIFixtures.url)
        #expect(await UIFixtures.eventually { list.placeholderCount.placeholders == 0 })
        // When it scrolls at 50 rows/s
        for step in 1...10 {
            clock.advance(by: .milliseconds(20))
            list.scroll(toTop: step)
        }
        // Then the distance comes from the loads measured (near nothing each), not from the second assumed
        // (which would reach the most, 48 rows)
        #expect(list.prefetchDistance == 3)
        await loader.shutdown()
    }
}
