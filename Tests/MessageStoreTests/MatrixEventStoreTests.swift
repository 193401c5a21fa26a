// MatrixEventStoreTests: Matrix events written into the store in any order — an edit before its message, an edit
// by someone else, a redacted reaction or edit, a room renamed — and the schema's v4 migration.
import Foundation
import GRDB
import MessageStore
import TestSupport
import Testing

@Suite struct MatrixEventStoreTests {
    private let account = "@alice:localhost"

    private func event(_ id: String, _ sender: String = "@bob:localhost", at second: Double, _ action: MatrixTimelineEvent.Action) -> MatrixTimelineEvent {
        MatrixTimelineEvent(eventID: id, sender: sender, sentAt: Date(timeIntervalSince1970: second), action: action)
    }

    private func store() throws -> (MessageStore, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        return (try MessageStore(path: folder.appending("m.sqlite").path), folder)
    }

    @Test func givenAnEditThatArrivesBeforeItsMessage_whenTheMessageComes_thenItShowsTheNewestEdit() throws {
        let (store, folder) = try store()
        _ = folder
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            event("$e2", at: 30, .edit(target: "$m", text: "second edit")),
            event("$e1", at: 20, .edit(target: "$m", text: "first edit")),
            event("$forged", "@mallory:localhost", at: 40, .edit(target: "$m", text: "forged")),
        ])], since: "a", account: account)
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            event("$m", at: 10, .message(MatrixMessageContent(kind: .text, body: "original"))),
        ])], since: "b", account: account)

        let room = try #require(try store.conversationID(ofRoom: "!r", account: account))
        let message = try #require(try store.message(eventID: "$m", in: room))
        #expect(message.text == "second edit")
        #expect(message.matrix?.edited == true)
    }

    @Test func givenARedactedEditAndReaction_whenRead_thenTheOlderEditAndTheOtherReactionsRemain() throws {
        let (store, folder) = try store()
        _ = folder
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            event("$m", at: 10, .message(MatrixMessageContent(kind: .text, body: "original"))),
            event("$e1", at: 20, .edit(target: "$m", text: "first edit")),
            event("$e2", at: 30, .edit(target: "$m", text: "second edit")),
            event("$up", at: 31, .reaction(target: "$m", key: "👍")),
            event("$up2", "@carol:localhost", at: 32, .reaction(target: "$m", key: "👍")),
            event("$x", at: 40, .redaction(target: "$e2")),
            event("$y", "@carol:localhost", at: 41, .redaction(target: "$up2")),
        ])], since: "a", account: account)

        let room = try #require(try store.conversationID(ofRoom: "!r", account: account))
        let message = try #require(try store.message(eventID: "$m", in: room))
        #expect(message.text == "first edit")
        #expect(message.matrix?.reactions == [MatrixReactionCount(key: "👍", count: 1)])
    }

    @Test func givenARoomRenamedLater_whenListed_thenTheNewNameWinsAndOlderStateIsKept() throws {
        let (store, folder) = try store()
        _ = folder
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .invite, heroes: ["Carol"], avatarURL: "mxc://h/a",
                                                    unreadCount: 2, inviter: "Carol")], since: "a", account: account)
        #expect(try store.conversations().first?.conversation.title == "Carol")
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, name: "Renamed")], since: "b", account: account)

        let room = try #require(try store.conversations().first)
        #expect(room.conversation.title == "Renamed")
        #expect(room.matrixRoom?.membership == .join)
        #expect(room.matrixRoom?.avatarURL == URL(string: "mxc://h/a"))
        #expect(room.matrixRoom?.unreadCount == 2)
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .leave)], since: "c", account: account)
        #expect(try store.conversations().isEmpty, "a room left is no longer listed")
    }

    @Test func givenADatabase_whenOpened_thenMigrationV4IsApplied() throws {
        let (store, folder) = try store()
        _ = store
        let names = try DatabaseQueue(path: folder.appending("m.sqlite").path).read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(names.contains("v4: Matrix rooms and events"))
    }
}
