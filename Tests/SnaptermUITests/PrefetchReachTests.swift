// While a scroll goes on the same way, the prefetch ahead never pulls back when the planned distance dips: a row
// prefetched is not cancelled one frame only to be asked for again the next (a web picture requested twice).
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct PrefetchReachTests {
    @Test func aSlowerStretchOfTheSameScrollKeepsTheRowsAlreadyPrefetchedAhead() async throws {
        // Given loads that never finish and a list with 5 visible rows, prefetching 3 to 30 rows ahead
        let gate = Gate()
        let clock = ManualClock()
        let (list, mock, _) = try UIFixtures.gatedList(gate: gate, clock: clock, minimum: 3, maximum: 30)
        // and a fast stretch of scrolling down (a row every 10 ms) that planned a long reach ahead
        var top = 0
        for _ in 1...30 {
            clock.advance(by: .milliseconds(10))
            top += 1
            list.scroll(toTop: top)
            list.tick()
        }
        let fastDistance = list.prefetchDistance
        let reach = top + 5 + fastDistance
        #expect(fastDistance > 3)

        // When the same scroll goes on more slowly (a row every 200 ms), so the planned distance dips
        for _ in 1...3 {
            clock.advance(by: .milliseconds(200))
            top += 1
            list.scroll(toTop: top)
            list.tick()
        }
        #expect(list.prefetchDistance < fastDistance)
        // Then every row up to the reach planned before is still prefetched, and none was asked for twice
        #expect(Set((top + 5)..<reach).isSubset(of: list.prefetchedRows))
        #expect(await UIFixtures.eventually { mock.loadCount(for: UIFixtures.url(reach - 1)) == 1 })
        #expect(((top + 5)..<reach).allSatisfy { mock.loadCount(for: UIFixtures.url($0)) == 1 })

        // When the scroll stops
        clock.advance(by: .seconds(1))
        list.tick()
        // Then the window shrinks back to the minimum each way
        #expect(list.prefetchedRows == Set((top + 5)..<(top + 8)).union((top - 3)..<top))
        gate.open()
    }
}
