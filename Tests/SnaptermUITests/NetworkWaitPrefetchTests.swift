// NetworkWaitPrefetchTests: a load's wait for the network deepens the prefetch; it does not count as work.
import Foundation
@testable import SnaptermUI
import Testing

@Suite struct NetworkWaitPrefetchTests {
    /// A planner that saw `samples` loads of 10 ms of work after `wait`, then a scroll at 30 rows/s.
    private func planner(waiting wait: Duration, samples: Int = 30) -> (PrefetchPlanner, ContinuousClock.Instant) {
        var planner = PrefetchPlanner(minimumDistance: 3, maximumDistance: 48, concurrency: 2,
                                      initialLoadCost: .milliseconds(10))
        for _ in 0..<samples { planner.measured(load: .milliseconds(10), waiting: wait) }
        var moment = ContinuousClock.now
        for _ in 0..<20 {
            moment += .microseconds(33_333)
            planner.scrolled(rows: 1, at: moment)
        }
        return (planner, moment)
    }

    @Test func aSlowHostIsPrefetchedDeeperThanTheWorkAloneWouldNeed() {
        // Given the same 10 ms of work per picture, once from a local source and once after a 300 ms download
        let (local, now) = planner(waiting: .zero)
        let (remote, later) = planner(waiting: .milliseconds(300))
        // Then at 30 rows/s the local list keeps the minimum, and the remote one reaches past the rows
        // that appear during a download (30 rows/s × 0.3 s = 9 rows, kept twice)
        #expect(local.distance(at: now) == 3)
        #expect(remote.distance(at: later) >= 18)
        // and rows nearer than one download are known to be late
        #expect(remote.lateRows(at: later) >= 9)
        #expect(local.lateRows(at: now) <= 1)
    }
}
