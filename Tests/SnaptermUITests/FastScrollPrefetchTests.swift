// During a steady fast scroll the list keeps prefetching ahead in the scroll direction, farther the
// faster it goes, and cancels the rows it has passed.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct FastScrollPrefetchTests {
    @Test func aSteadyFastScrollKeepsPrefetchingAheadAndCancelsPassedRows() async throws {
        // Given loads that never finish (so every load still running is visible to the handler) and a
        // list with 5 visible rows and a prefetch minimum of 3
        let gate = Gate()
        let clock = ManualClock()
        let (list, mock, loader) = try UIFixtures.gatedList(gate: gate, clock: clock, minimum: 3, maximum: 20)
        #expect(list.prefetchDistance == 3, "at rest: the minimum")

        // When it scrolls down one row every 20 ms (50 rows/s, a held key) for 60 rows
        for step in 1...60 {
            clock.advance(by: .milliseconds(20))
            list.scroll(toTop: step)
            list.tick()
        }

        // Then prefetch still runs, ahead of the visible rows, contiguous from the nearest row, farther
        // than at rest (50 rows/s × 40 ms per load on 32 slots: 2 × 2.1 rows, rounded up, + 1 = 6)
        let distance = list.prefetchDistance
        #expect(distance > 3)
        #expect(list.prefetchedRows == Set(65..<(65 + distance)))
        #expect(await UIFixtures.eventually { mock.loadCount(for: UIFixtures.url(65 + distance - 1)) == 1 })
        // and every row passed (0…59) was cancelled: only the visible and the prefetched rows still load
        #expect(await UIFixtures.eventually { mock.activeLoads == 5 + distance })
        #expect(loader.statistics.cancelled >= 60, "each passed row's load was cancelled")

        // When the scroll stops for longer than the idle time
        clock.advance(by: .seconds(1))
        list.tick()
        // Then the window shrinks back to the minimum, cancelling the rows beyond it, and reaches back
        // the same minimum (the next key may turn)
        #expect(list.prefetchDistance == 3)
        #expect(list.prefetchedRows == [65, 66, 67, 57, 58, 59])
        #expect(await UIFixtures.eventually { mock.activeLoads == 5 + 6 })
        gate.open()
    }

    @Test func thePrefetchDistanceFollowsTheScrollSpeedUpToTheMaximum() throws {
        // Given a list counting on 2 loads in flight at once, loads assumed to cost 50 ms
        let loader = try SchemeLoader(handlers: [MockSchemeHandler()])
        let clock = ManualClock()
        var configuration = ListView.Configuration()
        configuration.prefetchDistance = 4
        configuration.maximumPrefetchDistance = 30
        configuration.initialLoadCost = .milliseconds(50)
        configuration.loadsInFlight = 2
        configuration.prefetchEnabled = false  // only the planning is looked at
        let list = ListView(loader: loader, rowCount: 1000, visibleCount: 5, configuration: configuration,
                            now: { clock.now }, url: UIFixtures.url)
        func distance(atRowsPerSecond speed: Int, steps: Int = 20) -> Int {
            clock.advance(by: .seconds(2))  // come to rest first
            list.tick()
            for _ in 0..<steps {
                clock.advance(by: .milliseconds(1000 / speed))
                list.scroll(by: 1)
            }
            list.tick()
            return list.prefetchDistance
        }
        // When it scrolls at 5, 20 and 40 rows/s
        let slow = distance(atRowsPerSecond: 5), medium = distance(atRowsPerSecond: 20), fast = distance(atRowsPerSecond: 40)
        // Then the window grows with the speed (5/s × 50 ms: the minimum; 20/s: 2 × 1/(1 − 0.5) + 1 = 5;
        // 40/s needs the whole machine: the maximum)
        #expect(slow == 4)
        #expect(medium > slow)
        #expect(fast == 30)
        // And at rest it is the minimum again
        clock.advance(by: .seconds(1))
        list.tick()
        #expect(list.prefetchDistance == 4)
    }
}
