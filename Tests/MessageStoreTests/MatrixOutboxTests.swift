// MatrixOutboxTests: the outbox's transaction ids and states — each send gets its own id, written before anything
// goes out and kept through every state (an event sent before its bytes too) and a reopening of the database; a
// full disk writes nothing.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct MatrixOutboxTests {
    private static let account = "@alice:localhost"

    private static func text(_ body: String, room: String = "!room") -> OutgoingMessage {
        OutgoingMessage(roomID: room, body: body, content: Data(#"{"body":"\#(body)","msgtype":"m.text"}"#.utf8))
    }

    @Test func everyQueuedSendHasItsOwnTransactionIDKeptAcrossAReopening() throws {
        // Given a store with three sends queued in one call
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let queued = try MessageStore(path: path).enqueue([Self.text("a"), Self.text("b"), Self.text("c")], account: Self.account)

        // When the database is opened again (a new process after a crash)
        let reopened = try MessageStore(path: path).pendingOutbox(account: Self.account)

        // Then the same three sends are pending, in order, queued, with the same distinct transaction ids
        #expect(reopened.map(\.body) == ["a", "b", "c"])
        #expect(reopened.map(\.transactionID) == queued.map(\.transactionID))
        #expect(Set(queued.map(\.transactionID)).count == 3)
        #expect(reopened.allSatisfy { $0.state == .queued && $0.eventID == nil && $0.attempts == 0 })
    }

    @Test func aSendMovesThroughItsStatesAndIsNoLongerPendingOnceSent() throws {
        // Given a queued picture with its bytes
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        var message = Self.text("photo.jpg")
        message.media = OutboxMedia(picture: Data([1, 2, 3]), pictureType: "image/jpeg", thumbnail: Data([4]))
        let entry = try #require(try store.enqueue([message], account: Self.account).first)
        #expect(try store.outboxMedia(entry.id) == message.media)

        // When it is uploaded, then sent
        try store.setOutboxState(entry.id, .uploading)
        try store.setOutboxMediaURLs(entry.id, picture: "mxc://localhost/a", thumbnail: "mxc://localhost/b")
        try store.setOutboxUploaded(entry.id)
        try store.setOutboxState(entry.id, .sending)
        let sending = try #require(try store.outboxEntry(entry.id))
        #expect(sending.state == .sending && sending.uploaded && sending.mediaURL == "mxc://localhost/a"
            && sending.thumbnailURL == "mxc://localhost/b" && sending.transactionID == entry.transactionID)
        try store.setOutboxSent(entry.id, eventID: "$event")

        // Then it is sent with its event id, its bytes are gone and nothing is pending
        let sent = try #require(try store.outboxEntry(entry.id))
        #expect(sent.state == .sent && sent.eventID == "$event" && !sent.isPending)
        #expect(try store.outboxMedia(entry.id) == nil)
        #expect(try store.pendingOutbox(account: Self.account).isEmpty)
    }

    @Test func anEventSentBeforeItsBytesStaysPendingWithItsEventIDReservationAndBytes() throws {
        // Given a picture reserved until a known time
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let store = try MessageStore(path: path)
        var message = Self.text("photo.jpg")
        message.media = OutboxMedia(picture: Data([1, 2, 3]), pictureType: "image/jpeg")
        let entry = try #require(try store.enqueue([message], account: Self.account).first)
        let expiry = Date(timeIntervalSince1970: 1_900_000_000)
        try store.setOutboxMediaURLs(entry.id, picture: "mxc://localhost/a", thumbnail: nil, expiresAt: expiry)

        // When its event is sent before its bytes
        try store.setOutboxEventSent(entry.id, eventID: "$event")

        // Then, after a reopening, it is still pending — uploading, with its event id, reservation and bytes
        let reopened = try #require(try MessageStore(path: path).pendingOutbox(account: Self.account).first)
        #expect(reopened.state == .uploading && reopened.eventID == "$event" && !reopened.uploaded)
        #expect(reopened.mediaURL == "mxc://localhost/a" && reopened.mediaExpiresAt == expiry)
        #expect(try store.outboxMedia(entry.id) == message.media)
    }

    @Test func aRetryableFailureStaysPendingAndAFinalOneDoesNot() throws {
        // Given two queued sends
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let entries = try store.enqueue([Self.text("later"), Self.text("never")], account: Self.account)

        // When the first fails for a while and the second for good
        try store.setOutboxFailed(entries[0].id, reason: "the homeserver answered 502", retryable: true)
        try store.setOutboxFailed(entries[1].id, reason: "the file is too large", retryable: false)

        // Then only the first is pending, and both say why they failed
        let pending = try store.pendingOutbox(account: Self.account)
        #expect(pending.map(\.body) == ["later"])
        #expect(pending.first?.failure == "the homeserver answered 502" && pending.first?.attempts == 1)
        let all = try store.outbox(account: Self.account)
        #expect(all.map(\.state) == [.failed, .failed])
        #expect(all[1].failure == "the file is too large" && !all[1].retryable)
    }

    @Test func anotherAccountsOutboxIsNotPending() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        try store.enqueue([Self.text("mine")], account: Self.account)
        try store.enqueue([Self.text("theirs")], account: "@bob:localhost")
        #expect(try store.pendingOutbox(account: Self.account).map(\.body) == ["mine"])
    }

    @Test func aFullDiskWritesNoneOfTheSendsAndSaysSo() throws {
        // Given a database that cannot grow past 256 KiB (a full disk, as SQLite sees it)
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let store = try MessageStore(path: path, maximumBytes: 256 << 10)
        try store.enqueue([Self.text("small")], account: Self.account)

        // When a send with a picture larger than that is queued after a text
        var photo = Self.text("big.jpg")
        photo.media = OutboxMedia(picture: Data(repeating: 7, count: 1 << 20), pictureType: "image/jpeg")
        let error = #expect(throws: MessageStoreError.self) {
            try store.enqueue([Self.text("with it"), photo], account: Self.account)
        }

        // Then it is a full disk, named, and neither of the two was written; the earlier one is intact
        #expect(error == .diskFull(path: path))
        #expect(error.map { "\($0)" }?.contains("the disk is full") == true)
        #expect(try store.pendingOutbox(account: Self.account).map(\.body) == ["small"])
    }
}
