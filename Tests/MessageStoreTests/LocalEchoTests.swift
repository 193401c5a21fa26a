// LocalEchoTests: a Matrix send's local echo and its synced event are one message, whichever comes first — the sync
// (matched on the transaction id the server gives back) or the outbox's answer —; the echo keeps its local picture
// until it is settled; failed sends are marked with their reason and put back in line by a retry.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct LocalEchoTests {
    private let account = "@alice:localhost"
    private let local = URL(string: "asset://?id=p-1&rotate=90")!
    private let media = "mxc://localhost/picture"

    /// A store with room `!r` as a conversation, and a draft of a text and a photo queued with their echoes.
    private func queued() throws -> (MessageStore, Int64, [OutboxEntry], TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join)], since: "s0", account: account)
        let room = try #require(try store.conversationID(ofRoom: "!r", account: account))
        try store.saveDraft(Draft(text: "look", attachments: [local]), for: room)
        let entries = try store.enqueue([
            EchoedSend(message: OutgoingMessage(roomID: "!r", body: "look", content: Data(#"{"body":"look","msgtype":"m.text"}"#.utf8))),
            EchoedSend(message: OutgoingMessage(roomID: "!r", body: "photo-1.jpg", content: Data(#"{"msgtype":"m.image"}"#.utf8),
                                                media: OutboxMedia(picture: Data([1]), pictureType: "image/jpeg")), picture: local),
        ], account: account, in: room)
        return (store, room, entries, folder)
    }

    private func synced(_ eventID: String, transactionID: String?, image: Bool, sender: String? = nil) -> MatrixTimelineEvent {
        let content = image
            ? MatrixMessageContent(kind: .image, body: "photo-1.jpg", media: MatrixMedia(url: media, width: 40, height: 30))
            : MatrixMessageContent(kind: .text, body: "look")
        return MatrixTimelineEvent(eventID: eventID, sender: sender ?? account, sentAt: Date(timeIntervalSince1970: 5), action: .message(content),
                                   transactionID: transactionID)
    }

    @Test func aQueuedDraftShowsAtOnceAsSendingEchoesWithTheDraftsPictureAndTheDraftIsCleared() throws {
        let (store, room, entries, folder) = try queued()
        _ = folder

        let messages = try store.messages(in: room)

        #expect(messages.map(\.text) == ["look", "photo-1.jpg"])
        #expect(messages.map(\.attachments) == [[], [local]])
        #expect(messages.allSatisfy { $0.state == .sent && $0.delivery == .sending && $0.matrix == nil })
        #expect(entries.map(\.state) == [.queued, .queued])
        #expect(try store.draft(for: room).isEmpty)
    }

    @Test func theSyncedEventBecomesItsEchoByTransactionIDButKeepsTheLocalPictureUntilSettled() throws {
        let (store, room, entries, folder) = try queued()
        _ = folder

        // The server's events come back by sync before the outbox heard the answers
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            synced("$text", transactionID: entries[0].transactionID, image: false),
            synced("$image", transactionID: entries[1].transactionID, image: true),
        ])], since: "s1", account: account)

        let messages = try store.messages(in: room)
        #expect(messages.count == 2)
        #expect(messages.map { $0.matrix?.eventID } == ["$text", "$image"])
        #expect(messages[1].attachments == [local])  // not switched: its new URL is not seeded yet
        #expect(messages[1].matrix?.media?.url == media)

        // When the outbox's answer is recorded and the echo settled
        try store.setOutboxMediaURLs(entries[1].id, picture: media, thumbnail: nil)
        try store.setOutboxSent(entries[0].id, eventID: "$text")
        try store.setOutboxSent(entries[1].id, eventID: "$image")
        let settling = try store.sendsToSettle(account: account)
        #expect(settling.map(\.eventID) == ["$image"])  // the text's echo has its event already
        #expect(settling.first?.localPicture == local && settling.first?.mediaURL?.absoluteString == media)
        try settling.forEach { try store.settle($0) }

        let settled = try store.messages(in: room)
        #expect(settled.count == 2)
        #expect(settled[1].attachments.map(\.absoluteString) == [media])
        #expect(settled.allSatisfy { $0.delivery == .sent })
        #expect(try store.sendsToSettle(account: account).isEmpty)
    }

    @Test func anEchoSettledBeforeTheSyncStaysOneMessageWhenTheEventComes() throws {
        let (store, room, entries, folder) = try queued()
        _ = folder
        try store.setOutboxMediaURLs(entries[1].id, picture: media, thumbnail: nil)
        try store.setOutboxSent(entries[1].id, eventID: "$image")
        try store.sendsToSettle(account: account).forEach { try store.settle($0) }

        // The same event arrives by sync afterwards, with and without its transaction id (another sync of it)
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            synced("$image", transactionID: entries[1].transactionID, image: true),
        ])], since: "s1", account: account)
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            synced("$image", transactionID: nil, image: true),
        ])], since: "s2", account: account)

        let messages = try store.messages(in: room)
        #expect(messages.count == 2)
        #expect(messages[1].matrix?.eventID == "$image" && messages[1].matrix?.media?.width == 40)
        #expect(messages[1].attachments.map(\.absoluteString) == [media])
    }

    @Test func anEventStoredWithoutItsTransactionIDTakesThePlaceOfItsEchoWhenTheOutboxAnswers() throws {
        let (store, room, entries, folder) = try queued()
        _ = folder
        // The event comes back without its transaction id (another device's sync, say): a row of its own for now
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            synced("$text", transactionID: nil, image: false),
        ])], since: "s1", account: account)
        #expect(try store.messages(in: room).count == 3)

        // When the outbox learns its event id, and the event comes again with it
        try store.setOutboxSent(entries[0].id, eventID: "$text")
        try store.sendsToSettle(account: account).forEach { try store.settle($0) }
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            synced("$text", transactionID: entries[0].transactionID, image: false),
        ])], since: "s2", account: account)

        // Then the text is one message, the event's
        let messages = try store.messages(in: room)
        #expect(messages.filter { $0.text == "look" }.count == 1)
        #expect(messages.count == 2)
    }

    @Test func anotherUsersEventWithTheSameTransactionIDIsAMessageOfItsOwn() throws {
        let (store, room, entries, folder) = try queued()
        _ = folder

        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            synced("$bob", transactionID: entries[0].transactionID, image: false, sender: "@bob:localhost"),
        ])], since: "s1", account: account)

        let messages = try store.messages(in: room)
        #expect(messages.count == 3)
        #expect(messages.first { $0.matrix?.eventID == "$bob" }?.state == .received)
        #expect(messages.filter { $0.delivery == .sending }.count == 2)
    }

    @Test func aFailedSendIsMarkedWithItsReasonAndARetryPutsItBackInLineAlone() throws {
        let (store, room, entries, folder) = try queued()
        _ = folder
        try store.setOutboxFailed(entries[1].id, reason: "the picture is too large for the server", retryable: false)
        try store.setOutboxSent(entries[0].id, eventID: "$text")

        let marked = try store.messages(in: room)
        #expect(marked[0].delivery == .sent)  // the text is not lost with the photo
        #expect(marked[1].delivery == .failed(reason: "the picture is too large for the server", retried: false))
        #expect(try store.pendingOutbox(account: account).isEmpty)

        #expect(try store.retryFailedSends(in: room) == 1)

        #expect(try store.pendingOutbox(account: account).map(\.transactionID) == [entries[1].transactionID])
        #expect(try store.messages(in: room)[1].delivery == .sending)
        #expect(try store.retryFailedSends(in: room) == 0)
    }
}
