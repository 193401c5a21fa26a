// MatrixHistoryStoreTests: where paging back in a Matrix room stands — the first sync's `prev_batch` kept (later syncs
// do not move it), each stored page moves it back, the room's start (no `end`, or `m.room.create` seen) ends it.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct MatrixHistoryStoreTests {
    private let account = "@alice:localhost"

    private func text(_ id: String, at second: Double) -> MatrixTimelineEvent {
        MatrixTimelineEvent(eventID: id, sender: "@bob:localhost", sentAt: Date(timeIntervalSince1970: second),
                            action: .message(MatrixMessageContent(kind: .text, body: "text \(id)")))
    }

    private func sync(_ store: MessageStore, token: String?, events: [MatrixTimelineEvent], reachesStart: Bool = false,
                      since: String) throws -> Int64 {
        var update = MatrixRoomUpdate(roomID: "!r", membership: .join, events: events)
        update.historyToken = token
        update.reachesStart = reachesStart
        return try #require(try store.applyMatrixSync([update], since: since, account: account).first?.conversationID)
    }

    @Test func givenARoomsFirstSync_whenPagesAreStored_thenTheTokenMovesBackUntilTheStart() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let room = try sync(store, token: "prev-1", events: [text("$c", at: 30)], since: "s1")
        let first = try #require(try store.matrixHistory(of: room))
        #expect(first.roomID == "!r" && first.account == account && first.token == "prev-1" && !first.reachedStart)
        // A later sync's prev_batch points after the stored events: paging still starts from the first one.
        _ = try sync(store, token: "prev-2", events: [text("$d", at: 40)], since: "s2")
        #expect(try store.matrixHistory(of: room)?.token == "prev-1")

        #expect(try store.applyMatrixHistory([text("$a", at: 10), text("$b", at: 20)], next: "end-1", reachesStart: false, of: room) == 2)
        #expect(try store.matrixHistory(of: room)?.token == "end-1")
        #expect(try store.matrixHistory(of: room)?.canPageBack == true)
        #expect(try store.messages(in: room).compactMap(\.matrix?.eventID) == ["$a", "$b", "$c", "$d"])

        // A page asked twice stores nothing twice; the last page has no `end`: the start is reached.
        #expect(try store.applyMatrixHistory([text("$a", at: 10)], next: nil, reachesStart: false, of: room) == 0)
        let end = try #require(try store.matrixHistory(of: room))
        #expect(end.reachedStart && !end.canPageBack)
        #expect(try store.messages(in: room).count == 4)
    }

    @Test func givenASyncThatReachesTheRoomsCreation_thenThereIsNothingToPageBack() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let room = try sync(store, token: "prev-1", events: [text("$a", at: 10)], reachesStart: true, since: "s1")
        #expect(try store.matrixHistory(of: room)?.canPageBack == false)
    }

    @Test func aLocalConversationHasNoHistoryPosition() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let local = try #require(try store.createConversation(title: "Ada").id)
        #expect(try store.matrixHistory(of: local) == nil)
        #expect(try store.applyMatrixHistory([text("$a", at: 10)], next: nil, reachesStart: true, of: local) == 0)
        #expect(try store.messages(in: local).isEmpty)
    }
}
