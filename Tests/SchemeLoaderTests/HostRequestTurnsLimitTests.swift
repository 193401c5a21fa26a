// HostRequestTurnsLimitTests: a scheduler's limit can change (a host found to speak HTTP/2): raised, the most urgent
// waiters start at once; lowered, no turn is taken back and the waiters wait until the turns taken fit it.
import Foundation
@testable import SchemeLoader
import TestSupport
import Testing

@Suite struct HostRequestTurnsLimitTests {
    @Test func aRaisedLimitStartsTheMostUrgentWaitersAtOnceAndALoweredOneWaitsForTurnsToEnd() async throws {
        // Given one turn, taken, and three waiters of different priorities
        let scheduler = HostRequestTurns(limit: 1)
        try await scheduler.acquire { .normal }
        let started = Locked<[String]>([])
        let waiters: [(String, LoadPriority)] = [("low", .low), ("veryHigh", .veryHigh), ("normal", .normal)]
        let tasks = waiters.map { name, priority in
            let id = scheduler.reserve { priority }
            return Task {
                try await scheduler.wait(for: id)
                started.withLock { $0.append(name) }
            }
        }
        #expect(scheduler.load == (running: 1, waiting: 3))
        // When the limit is raised to 3
        scheduler.setLimit(3)
        // Then the two most urgent start
        #expect(await eventually { started.withLock { $0.count } == 2 })
        #expect(Set(started.withLock { $0 }) == ["veryHigh", "normal"])
        #expect(scheduler.load == (running: 3, waiting: 1))
        // When it is lowered to 1, the turns ending are not handed on until one turn is left
        scheduler.setLimit(1)
        scheduler.release()
        scheduler.release()
        #expect(scheduler.load == (running: 1, waiting: 1))
        // and the last turn ending goes to the one waiting
        scheduler.release()
        #expect(await eventually { started.withLock { $0.count } == 3 })
        #expect(scheduler.load == (running: 1, waiting: 0))
        for task in tasks { try await task.value }
        scheduler.release()
    }
}
