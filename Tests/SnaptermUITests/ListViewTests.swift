// The list view: visible rows own cells, prefetch follows the scroll and is cancelled on reversal.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ListViewTests {
    private func makeList(_ mock: MockSchemeHandler, clock: ManualClock, rows: Int = 100, visible: Int = 5,
                          loader: SchemeLoader? = nil,
                          configure: (inout ListView.Configuration) -> Void = { _ in }) throws -> ListView {
        var configuration = ListView.Configuration()
        configuration.prefetchDistance = 3
        configure(&configuration)
        return ListView(loader: try loader ?? UIFixtures.loader(mock), rowCount: rows, visibleCount: visible,
                        configuration: configuration, now: { clock.now }, url: UIFixtures.url)
    }

    /// A list whose loads all wait for `gate` (so every load still running is seen by the mock).
    private func makeGatedList() throws -> (ListView, MockSchemeHandler, ManualClock, Gate) {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data([1]), gate: gate))
        let clock = ManualClock()
        return (try makeList(mock, clock: clock), mock, clock, gate)
    }

    /// Scrolls down one row every 50 ms (a steady 20 rows/s) until `top` is the first visible row.
    private func scrollSteadily(_ list: ListView, clock: ManualClock, to top: Int) {
        for row in (list.top + 1)...top {
            clock.advance(by: .milliseconds(50))
            list.scroll(toTop: row)
        }
    }

    @Test func onlyVisibleRowsOwnCellsAndCellsAreReused() throws {
        let clock = ManualClock()
        let list = try makeList(MockSchemeHandler(), clock: clock)
        #expect(list.visibleRange == 0..<5)
        for step in 1...50 {
            clock.advance(by: .seconds(1))
            list.scroll(toTop: step)
        }
        #expect(list.visibleRange == 50..<55)
        #expect(list.allocatedCells <= 10, "cells are reused, not created per row")
        #expect(list.cell(forRow: 0) == nil)
        #expect(list.cell(forRow: 52)?.url == UIFixtures.url(52))
    }

    @Test func scrollingAwayCancelsTheRowsLoad() async throws {
        let mock = MockSchemeHandler()
        // Loads long enough (60 s) to overlap even when a busy machine starts them one by one (10 s
        // once was not: under a slow full suite a load ended before the fifth had started).
        mock.stubAll(with: MockResponse(data: Data(count: 60), chunks: 60, delay: .seconds(1)))
        let clock = ManualClock()
        let list = try makeList(mock, clock: clock, configure: { $0.prefetchEnabled = false })
        #expect(await UIFixtures.eventually { mock.activeLoads == 5 })
        clock.advance(by: .seconds(1))
        list.scroll(toTop: 20)
        #expect(await UIFixtures.eventually { mock.cancelledLoads == 5 })
    }

    @Test func prefetchFollowsTheScrollDirectionAndIsCancelledOnReversal() async throws {
        let (list, mock, clock, gate) = try makeGatedList()
        // When it scrolls down steadily (a row every 50 ms)
        scrollSteadily(list, clock: clock, to: 10)
        // Then only the rows below are prefetched, from the nearest one
        #expect(list.prefetchedRows == Set(15..<(15 + list.prefetchDistance)))
        #expect(await UIFixtures.eventually { mock.loadCount(for: UIFixtures.url(16)) == 1 })
        // When it turns around at the same speed
        clock.advance(by: .milliseconds(50))
        list.scroll(toTop: 9)
        // Then only the rows above are prefetched, and those ahead of the old direction are cancelled
        #expect(list.prefetchedRows == Set(max(0, 9 - list.prefetchDistance)..<9))
        #expect(await UIFixtures.eventually { mock.cancelledLoads >= 3 }, "the rows ahead of the old direction were cancelled")
        gate.open()
    }

    @Test func atRestTheRowsBothWaysArePrefetched() async throws {
        let (list, mock, clock, gate) = try makeGatedList()
        // When a scroll down ends in the middle and the list comes to rest
        scrollSteadily(list, clock: clock, to: 10)
        clock.advance(by: .seconds(1))
        list.tick()
        // Then the minimum is prefetched both ways (the next key may turn back)
        #expect(list.prefetchedRows == [15, 16, 17, 7, 8, 9])
        // When it scrolls on steadily and then jumps to its end (G; a conversation opens at its newest message)
        scrollSteadily(list, clock: clock, to: 14)
        clock.advance(by: .milliseconds(50))
        list.scroll(toTop: 95)
        // Then the jump is not a fast scroll: the list is at rest, and the rows above are prefetched
        // (there are none below)
        #expect(list.prefetchedRows == [92, 93, 94])
        #expect(await UIFixtures.eventually { mock.loadCount(for: UIFixtures.url(92)) == 1 })
        gate.open()
    }

    @Test func aPrefetchedRowAppearsFromTheCacheWithoutAPlaceholder() async throws {
        let mock = MockSchemeHandler()
        let clock = ManualClock()
        let loader = try UIFixtures.loader(mock)
        let list = try makeList(mock, clock: clock, loader: loader)
        #expect(await UIFixtures.eventually { mock.loadCount(for: UIFixtures.url(7)) == 1 })
        #expect(await UIFixtures.settled(loader))
        clock.advance(by: .seconds(1))
        list.scroll(toTop: 3)
        guard case .image(_, let source)? = list.cell(forRow: 7)?.content else {
            Issue.record("row 7 should draw at once"); return
        }
        #expect(source == .memory)
    }
}
