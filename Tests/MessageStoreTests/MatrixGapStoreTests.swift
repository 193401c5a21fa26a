// MatrixGapStoreTests: a limited sync of a room with stored events keeps its `prev_batch` as a gap floored at the newest
// stored event; a room's first sync keeps none, nor the first timeline of a room known only by its invitation; each page moves the gap's token on, and a page that reaches a stored event, the
// floor or the room's start closes it — the page and the gap's token in one transaction, so a new store resumes there.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct MatrixGapStoreTests {
    private let account = "@alice:localhost"

    private func text(_ id: String, at second: Double) -> MatrixTimelineEvent {
        MatrixTimelineEvent(eventID: id, sender: "@bob:localhost", sentAt: Date(timeIntervalSince1970: second),
                            action: .message(MatrixMessageContent(kind: .text, body: "text \(id)")))
    }

    private func sync(_ store: MessageStore, gap: String?, events: [MatrixTimelineEvent], since: String) throws -> Int64 {
        var update = MatrixRoomUpdate(roomID: "!r", membership: .join, events: events)
        update.gapToken = gap
        return try #require(try store.applyMatrixSync([update], since: since, account: account).first?.conversationID)
    }

    @Test func givenARoomsFirstSync_whenItsTimelineIsLimited_thenNoGapIsKept() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        _ = try sync(store, gap: "p1", events: [text("$a", at: 10)], since: "s1")
        #expect(try store.matrixGaps(account: account).isEmpty, "older history is paged back on demand, not a gap")
    }

    @Test func givenAnInvitation_whenTheJoinedRoomsFirstTimelineIsLimited_thenNoGapIsKept() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        _ = try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .invite, inviter: "@bob:localhost")], since: "s1",
                                      account: account)
        let room = try sync(store, gap: "p1", events: [text("$z", at: 90)], since: "s2")
        #expect(try store.messages(in: room).compactMap(\.matrix?.eventID) == ["$z"])
        #expect(try store.matrixGaps(account: account).isEmpty, "its whole history is not fetched now")
    }

    @Test func givenALimitedLaterSync_whenPagesArrive_thenTheGapMovesBackAndClosesAtTheStoredEvents() throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        var store = try MessageStore(path: path)
        let room = try sync(store, gap: nil, events: [text("$a", at: 10), text("$b", at: 20)], since: "s1")
        _ = try sync(store, gap: "p2", events: [text("$f", at: 60)], since: "s2")
        let gap = try #require(try store.matrixGaps(account: account).first)
        #expect(gap.conversationID == room && gap.roomID == "!r" && gap.token == "p2")
        #expect(gap.floor == Date(timeIntervalSince1970: 20), "the newest event stored before the gap")

        // A first page that does not reach the stored events: kept, the gap moves on to its `end`.
        let first = try store.applyMatrixGapPage(gap, events: [text("$d", at: 40), text("$e", at: 50)], pageEventIDs: ["$e", "$d"],
                                                 oldest: Date(timeIntervalSince1970: 40), next: "p3")
        #expect(first.messages == 2 && !first.closed)
        // A new store (a restart) resumes from the kept token.
        store = try MessageStore(path: path)
        let resumed = try #require(try store.matrixGaps(account: account).first)
        #expect(resumed.token == "p3")
        // The next page reaches $b, stored before: the gap is closed and the span is whole, in order.
        let last = try store.applyMatrixGapPage(resumed, events: [text("$b", at: 20), text("$c", at: 30)], pageEventIDs: ["$c", "$b"],
                                                oldest: Date(timeIntervalSince1970: 20), next: "p4")
        #expect(last.messages == 1 && last.closed)
        #expect(try store.matrixGaps(account: account).isEmpty)
        #expect(try store.messages(in: room).compactMap(\.matrix?.eventID) == ["$a", "$b", "$c", "$d", "$e", "$f"])
    }

    @Test func givenAGapWhoseStoredNeighbourIsNoMessage_whenAPageReachesItsFloor_thenItCloses() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        _ = try sync(store, gap: nil, events: [text("$a", at: 10)], since: "s1")
        _ = try sync(store, gap: "p2", events: [text("$d", at: 40)], since: "s2")
        let gap = try #require(try store.matrixGaps(account: account).first)
        // The page holds state events Snapterm keeps nothing of, then one older than the floor.
        let outcome = try store.applyMatrixGapPage(gap, events: [text("$c", at: 30)], pageEventIDs: ["$c", "$member", "$old"],
                                                   oldest: Date(timeIntervalSince1970: 5), next: "p3")
        #expect(outcome.closed)
        #expect(try store.matrixGaps(account: account).isEmpty)
    }

    @Test func givenAnEmptyPageOrNoEnd_thenTheGapCloses() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        _ = try sync(store, gap: nil, events: [text("$a", at: 10)], since: "s1")
        _ = try sync(store, gap: "p2", events: [text("$d", at: 40)], since: "s2")
        _ = try sync(store, gap: "p5", events: [text("$g", at: 70)], since: "s3")
        let gaps = try store.matrixGaps(account: account)
        #expect(gaps.map(\.token) == ["p2", "p5"], "two limited syncs: two gaps, oldest first")
        #expect(try store.applyMatrixGapPage(gaps[0], events: [], pageEventIDs: [], oldest: nil, next: "p9").closed)
        #expect(try store.applyMatrixGapPage(gaps[1], events: [text("$e", at: 50)], pageEventIDs: ["$e"],
                                             oldest: Date(timeIntervalSince1970: 50), next: nil).closed)
        #expect(try store.matrixGaps(account: account).isEmpty)
    }
}
