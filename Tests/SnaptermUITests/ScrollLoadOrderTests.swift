// Who loads first: while a list scrolls, the rows about to appear, and the visible rows in the half of the screen
// rows arrive in, go before the visible rows leaving (a row done before it appears is never blank), except rows too
// near to be ready in time; at rest the visible rows go first.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ScrollLoadOrderTests {
    /// A list of 5 visible rows whose loads work on one worker, held until `whileBlocked` has run and every load's
    /// work waits for it; returns the rows in the order their work then ran.
    private func rowsInLoadOrder(_ whileBlocked: (ListView, ManualClock) -> Void) async throws -> [Int] {
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let mock = MockSchemeHandler(workers: workers)
        mock.stubAll(with: MockResponse(data: Data([1])))
        let loader = try SchemeLoader(handlers: [mock])

        let clock = ManualClock()
        var configuration = ListView.Configuration()
        configuration.prefetchDistance = 3
        configuration.maximumPrefetchDistance = 6
        configuration.loadsInFlight = 1
        let list = ListView(loader: loader, rowCount: 100, visibleCount: 5, configuration: configuration,
                            now: { clock.now }, url: UIFixtures.url)
        whileBlocked(list, clock)
        let expected = list.visibleRange.count + list.prefetchedRows.count
        #expect(await UIFixtures.eventually { workers.statistics.waiting == expected && loader.statistics.inFlight == expected })
        try await hold.release()
        #expect(await UIFixtures.eventually { mock.workedURLs.count == expected })
        return mock.workedURLs.compactMap { Int($0.lastPathComponent) }
    }

    @Test func whileScrollingTheRowsAboutToAppearAndJustArrivedLoadBeforeTheLeavingOnesAndTooNearOnesWait() async throws {
        // When the list scrolls down a row every 20 ms (50 rows/s) while every load waits (one worker, ~30 ms a load)
        var visible: Range<Int> = 0..<0, ahead: Set<Int> = []
        let order = try await rowsInLoadOrder { list, clock in
            for step in 1...10 {
                clock.advance(by: .milliseconds(20))
                list.scroll(toTop: step)
            }
            (visible, ahead) = (list.visibleRange, list.prefetchedRows)
        }
        // Then the rows ahead that can still be ready in time, and the two visible rows that arrived last (they stay
        // on screen for at least half a screen's time), load first; the three visible rows leaving, and the rows so
        // near that they would appear before their load ends, wait behind them (among equals the order is the one
        // in which the list asked for them, which the test does not pin down)
        #expect(visible == 10..<15)
        #expect(!ahead.isEmpty && ahead.allSatisfy { $0 >= 15 })
        let arriving: Set<Int> = [13, 14], leaving: Set<Int> = [10, 11, 12]
        let first = order.prefix { ahead.contains($0) || arriving.contains($0) }
        #expect(arriving.isSubset(of: first), "\(order)")
        #expect(first.contains { ahead.contains($0) }, "\(order)")
        #expect(!first.contains(15), "the next row appears in 20 ms, before a 30 ms load could end: \(order)")
        let farFirst = first.filter { ahead.contains($0) }
        #expect(farFirst.allSatisfy { row in ahead.subtracting(first).allSatisfy { $0 < row } }, "the farthest go first: \(order)")
        #expect(Set(order.dropFirst(first.count)) == leaving.union(ahead.subtracting(first)), "\(order)")
    }

    @Test func atRestTheVisibleRowsLoadFirst() async throws {
        // When the list opens and stays at rest
        var visible: Range<Int> = 0..<0
        let order = try await rowsInLoadOrder { list, _ in visible = list.visibleRange }
        // Then the visible rows' work runs first, then the prefetch's (the worker takes the most urgent waiting work,
        // whatever order the loads' tasks queued it in, so a loaded machine does not change the order)
        #expect(Set(order.prefix(visible.count)) == Set(visible), "\(order)")
        #expect(order.dropFirst(visible.count).allSatisfy { !visible.contains($0) })
        #expect(Set(order).isSuperset(of: Set(visible)), "every visible row loads: \(order)")
    }
}
