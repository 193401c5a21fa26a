// SyncBackoffTests: the waits between failed syncs double up to the ceiling, jitter takes at most half, a
// success starts over; the status line's words for each state.
import Foundation
import Matrix
import Testing

@Suite struct SyncBackoffTests {
    @Test func givenFailures_whenWaiting_thenEachWaitDoublesUpToTheMaximum() {
        var highest = SyncBackoff(initial: .seconds(1), maximum: .seconds(8), random: { 1 })
        #expect((0..<6).map { _ in highest.next() } == [.seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(8), .seconds(8)])
        var lowest = SyncBackoff(initial: .seconds(1), maximum: .seconds(8), random: { 0 })
        #expect((0..<3).map { _ in lowest.next() } == [.milliseconds(500), .seconds(1), .seconds(2)])
        highest.reset()
        #expect(highest.next() == .seconds(1))
    }

    @Test func givenManyFailures_whenWaiting_thenNothingOverflows() {
        var backoff = SyncBackoff(random: { 1 })
        for _ in 0..<200 { _ = backoff.next() }
        #expect(backoff.next() == .seconds(60))
    }

    @Test func givenEachState_whenSummarised_thenTheStatusLineSaysIt() {
        let now = Date(timeIntervalSince1970: 1000)
        #expect(SyncState.offline(reason: "refused", retryAt: now.addingTimeInterval(3.2)).summary(at: now) == "offline — retrying in 4 s")
        #expect(SyncState.live.summary(at: now) == "live")
        #expect(SyncState.signedOut(advice: "log in again", softLogout: false).summary(at: now) == "signed out — log in again")
    }
}
