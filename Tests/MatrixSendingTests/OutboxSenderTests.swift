// OutboxSenderTests: the sender against a scripted homeserver — order (the event before the bytes when the upload
// limit is known; the bytes first without it, or without reservations), the transaction id of every attempt, retries
// after 5xx, a dropped connection and 429 (waiting its retry_after_ms), a 413 and the upload limit said in a
// sentence, a send resumed from each step that reserves and sends nothing twice, a lapsed reservation, an ended
// session, and no token in any failure.
import Foundation
import Matrix
import MatrixSending
import MessageStore
import TestSupport
import Testing

@Suite struct OutboxSenderTests {
    private static let session = MatrixSession(homeserver: URL(string: "http://127.0.0.1:9")!, userID: "@alice:localhost",
                                               deviceID: "DEV", accessToken: "secret-token-7f3a")
    private static let quick = RetryPolicy(initial: .milliseconds(5), maximum: .milliseconds(20))

    private static func store() throws -> (MessageStore, TemporaryDirectory) {
        let folder = try TemporaryDirectory()
        return (try MessageStore(path: folder.appending("m.sqlite").path), folder)
    }

    private static func photo(_ size: Int = 1000, thumbnail: Int? = 100) -> OutgoingMessage {
        OutgoingMessage(roomID: "!room", body: "photo.jpg",
                        content: Data(#"{"body":"photo.jpg","info":{"h":1,"w":1},"msgtype":"m.image"}"#.utf8),
                        media: OutboxMedia(picture: Data(repeating: 1, count: size), pictureType: "image/jpeg",
                                           thumbnail: thumbnail.map { Data(repeating: 2, count: $0) }))
    }

    private static func sender(_ store: MessageStore, _ server: ScriptedHomeserver, policy: RetryPolicy = quick) -> OutboxSender {
        OutboxSender(store: store, client: MatrixClient(transport: server), session: session, policy: policy)
    }

    @Test func textsAreSentInOrderEachUnderItsOwnTransactionID() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        let queued = try store.enqueue(["one", "two", "three"].map { try MessageContent.text($0, roomID: "!room") },
                                       account: Self.session.userID)
        let server = ScriptedHomeserver()

        let outcomes = try await Self.sender(store, server).drain()

        #expect(outcomes.map(\.entry.body) == ["one", "two", "three"])
        #expect(outcomes.allSatisfy { $0.isSent })
        let sends = server.requests(to: .send)
        #expect(sends.map(\.lastSegment) == queued.map(\.transactionID))
        #expect(sends.first?.url.path.hasSuffix("/rooms/!room/send/m.room.message/\(queued[0].transactionID)") == true)
        #expect(try store.pendingOutbox(account: Self.session.userID).isEmpty)
    }

    @Test func aPictureIsReservedThenItsEventSentBeforeItsBytes() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([Self.photo()], account: Self.session.userID)
        let server = ScriptedHomeserver()

        let outcome = try #require(try await Self.sender(store, server).drain().first)

        #expect(outcome.isSent && outcome.entry.eventID == "$event-1")
        #expect(server.requests.map(\.route) == [.mediaConfig, .create, .create, .send, .upload, .upload])
        let content = try #require(server.requests(to: .send).first?.body)
        let object = try #require(try JSONSerialization.jsonObject(with: content) as? [String: Any])
        #expect(object["url"] as? String == "mxc://localhost/media1")
        #expect((object["info"] as? [String: Any])?["thumbnail_url"] as? String == "mxc://localhost/media2")
        #expect(server.requests(to: .upload).map(\.lastSegment) == ["media2", "media1"])
        #expect(server.requests(to: .upload).allSatisfy { $0.contentType == "image/jpeg" })
    }

    @Test func withoutAKnownUploadLimitTheBytesGoBeforeTheEvent() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([Self.photo()], account: Self.session.userID)
        let server = ScriptedHomeserver(uploadSize: nil)

        let outcome = try #require(try await Self.sender(store, server).drain().first)

        #expect(outcome.isSent)
        #expect(server.requests.map(\.route) == [.mediaConfig, .create, .create, .upload, .upload, .send])
    }

    @Test func aServerWithoutReservationsGetsTheBytesFirstThenTheEvent() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([Self.photo()], account: Self.session.userID)
        let server = ScriptedHomeserver()
        server.fail(.create, with: [ScriptedHomeserver.answer(404, #"{"errcode":"M_UNRECOGNIZED","error":"Unrecognized request"}"#)])

        let outcome = try #require(try await Self.sender(store, server).drain().first)

        #expect(outcome.isSent)
        #expect(server.requests.map(\.route) == [.mediaConfig, .create, .plainUpload, .plainUpload, .send])
        let content = try #require(server.requests(to: .send).first?.body)
        let object = try #require(try JSONSerialization.jsonObject(with: content) as? [String: Any])
        #expect(object["url"] as? String == "mxc://localhost/media2")
        #expect((object["info"] as? [String: Any])?["thumbnail_url"] as? String == "mxc://localhost/media1")
        #expect(server.requests(to: .plainUpload).first?.url.query == "filename=thumbnail.jpg")
    }

    @Test func serverErrorsAndADroppedConnectionAreRetriedUnderTheSameTransactionID() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        let entry = try #require(try store.enqueue([try MessageContent.text("hi", roomID: "!room")], account: Self.session.userID).first)
        let server = ScriptedHomeserver()
        server.fail(.send, with: [ScriptedHomeserver.answer(502, "{}"),
                                  .failure(.unreachable(url: "http://127.0.0.1:9", reason: "the connection was closed")),
                                  ScriptedHomeserver.answer(503, #"{"errcode":"M_UNKNOWN"}"#)])

        let outcomes = try await Self.sender(store, server).drain()

        #expect(outcomes.count == 1 && outcomes[0].isSent)
        #expect(server.requests(to: .send).map(\.lastSegment) == Array(repeating: entry.transactionID, count: 4))
        #expect(server.eventCount == 1)
        #expect(try store.outboxEntry(entry.id)?.attempts == 3)
    }

    @Test func a429IsRetriedNoSoonerThanItsRetryAfter() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([try MessageContent.text("slow down", roomID: "!room")], account: Self.session.userID)
        let server = ScriptedHomeserver()
        server.fail(.send, with: [ScriptedHomeserver.answer(429, #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":300}"#)])

        let outcomes = try await Self.sender(store, server).drain()

        #expect(outcomes.first?.isSent == true)
        let sends = server.requests(to: .send)
        try #require(sends.count == 2)
        #expect(sends[1].at - sends[0].at >= .milliseconds(300))
    }

    @Test func a429PastThePatienceLeavesTheMessagePendingWithASentence() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([try MessageContent.text("later", roomID: "!room")], account: Self.session.userID)
        let server = ScriptedHomeserver()
        server.fail(.send, with: [ScriptedHomeserver.answer(429, #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":60000}"#)])
        let patient = RetryPolicy(initial: .milliseconds(5), maximum: .milliseconds(20), patience: .seconds(1))

        let outcome = try #require(try await Self.sender(store, server, policy: patient).drain().first)

        #expect(!outcome.isSent && outcome.entry.retryable)
        #expect(outcome.failure == "the homeserver asks to wait 60 s before trying again")
        #expect(try store.pendingOutbox(account: Self.session.userID).count == 1)
    }

    @Test func aPictureLargerThanTheUploadLimitFailsBeforeAnythingIsReservedAndTheNextMessageGoes() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([Self.photo(5_000), try MessageContent.text("after", roomID: "!room")], account: Self.session.userID)
        let server = ScriptedHomeserver(uploadSize: 4_000)

        let outcomes = try await Self.sender(store, server).drain()

        #expect(outcomes.map(\.isSent) == [false, true])
        #expect(outcomes[0].failure == "the file is 5 kB, more than the homeserver takes (at most 4 kB)")
        #expect(!outcomes[0].entry.retryable)
        #expect(server.requests(to: .create).isEmpty)
    }

    @Test func a413FromTheUploadFailsForGoodWithASentence() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([Self.photo(2_500_000, thumbnail: nil)], account: Self.session.userID)
        let server = ScriptedHomeserver(uploadSize: nil)
        server.fail(.upload, with: [ScriptedHomeserver.answer(413, #"{"errcode":"M_TOO_LARGE","error":"Upload request body is too large"}"#)])

        let outcome = try #require(try await Self.sender(store, server).drain().first)

        #expect(outcome.failure == "the file is 2.5 MB, more than the homeserver takes (it answered 413)")
        #expect(outcome.entry.state == .failed && !outcome.entry.retryable)
        #expect(server.requests(to: .send).isEmpty)
    }

    @Test func aSendStoppedBeforeItsEventReusesItsReservationAndTransactionID() async throws {
        // Given a picture whose URIs were reserved, but whose event never got through (the server went away)
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        let entry = try #require(try store.enqueue([Self.photo()], account: Self.session.userID).first)
        let server = ScriptedHomeserver()
        server.fail(.send, with: [.failure(.unreachable(url: "http://127.0.0.1:9", reason: "connection refused"))])
        let first = try await Self.sender(store, server, policy: RetryPolicy(patience: .zero)).drain()
        #expect(first.first?.isSent == false)
        let stopped = try #require(try store.outboxEntry(entry.id))
        #expect(stopped.mediaURL == "mxc://localhost/media1" && stopped.eventID == nil && !stopped.uploaded)

        // When a new sender (a later run) drains the outbox
        let second = try await Self.sender(store, server).drain()

        // Then nothing is reserved again: the event goes under the same transaction id, then the bytes
        #expect(second.first?.isSent == true)
        #expect(server.requests(to: .create).count == 2)
        #expect(server.requests(to: .send).map(\.lastSegment) == [entry.transactionID, entry.transactionID])
        #expect(server.requests(to: .upload).map(\.lastSegment) == ["media2", "media1"])
    }

    @Test func aSendStoppedAfterItsEventPutsOnlyTheBytes() async throws {
        // Given a picture whose event was sent, but whose upload was cut
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        let entry = try #require(try store.enqueue([Self.photo()], account: Self.session.userID).first)
        let server = ScriptedHomeserver()
        server.fail(.upload, with: [.failure(.unreachable(url: "http://127.0.0.1:9", reason: "the connection was closed"))])
        let first = try #require(try await Self.sender(store, server, policy: RetryPolicy(patience: .zero)).drain().first)
        #expect(!first.isSent && first.entry.retryable && first.entry.eventID == "$event-1" && !first.entry.uploaded)
        #expect(try store.pendingOutbox(account: Self.session.userID).map(\.id) == [entry.id])

        // When a new sender drains the outbox
        let second = try #require(try await Self.sender(store, server).drain().first)

        // Then only the bytes are put: no second reservation, no second event
        #expect(second.isSent && second.entry.eventID == "$event-1")
        #expect(server.requests(to: .create).count == 2 && server.requests(to: .send).count == 1 && server.eventCount == 1)
        #expect(server.requests(to: .upload).map(\.lastSegment) == ["media2", "media2", "media1"])
        #expect(try store.outboxMedia(entry.id) == nil)
    }

    @Test func aReservationAboutToLapseBeforeTheEventIsRenewed() async throws {
        // Given a picture reserved until a minute from now, whose event did not get through
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([Self.photo()], account: Self.session.userID)
        let server = ScriptedHomeserver(reservationExpiry: Date().addingTimeInterval(60))
        server.fail(.send, with: [.failure(.unreachable(url: "http://127.0.0.1:9", reason: "connection refused"))])
        _ = try await Self.sender(store, server, policy: RetryPolicy(patience: .zero)).drain()
        #expect(try store.outbox(account: Self.session.userID).first?.mediaExpiresAt != nil)

        // When it is resumed
        let outcome = try #require(try await Self.sender(store, server).drain().first)

        // Then new URIs are reserved and the event names them
        #expect(outcome.isSent && outcome.entry.mediaURL == "mxc://localhost/media3")
        #expect(server.requests(to: .create).count == 4)
        let content = try #require(server.requests(to: .send).last?.body)
        let object = try #require(try JSONSerialization.jsonObject(with: content) as? [String: Any])
        #expect(object["url"] as? String == "mxc://localhost/media3")
        #expect(server.requests(to: .upload).map(\.lastSegment) == ["media4", "media3"])
    }

    @Test func aReservationThatLapsedAfterTheEventFailsForGoodWithASentence() async throws {
        // Given a picture whose event was sent, and whose reservation the server forgot before the bytes came
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([Self.photo(thumbnail: nil)], account: Self.session.userID)
        let server = ScriptedHomeserver()
        server.fail(.upload, with: [ScriptedHomeserver.answer(404, #"{"errcode":"M_NOT_FOUND","error":"Media ID has expired"}"#)])

        let outcome = try #require(try await Self.sender(store, server).drain().first)

        // Then it fails for good, saying the message went without its picture; nothing is reserved or sent again
        #expect(outcome.failure == "the message was sent, but its picture could not be uploaded: "
            + "the homeserver answered 404 M_NOT_FOUND: Media ID has expired")
        #expect(outcome.entry.state == .failed && !outcome.entry.retryable && outcome.entry.eventID == "$event-1")
        #expect(server.requests(to: .create).count == 1 && server.requests(to: .send).count == 1)
    }

    @Test func anEndedSessionStopsTheDrainKeepsEveryMessageAndNeverShowsTheToken() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue(["a", "b"].map { try MessageContent.text($0, roomID: "!room") }, account: Self.session.userID)
        let server = ScriptedHomeserver()
        server.fail(.send, with: [ScriptedHomeserver.answer(401, #"{"errcode":"M_UNKNOWN_TOKEN","error":"Unknown token secret-token-7f3a"}"#)])

        let outcomes = try await Self.sender(store, server).drain()

        #expect(outcomes.count == 1 && !outcomes[0].isSent)
        #expect(outcomes[0].failure?.contains("your session has ended") == true)
        #expect(try store.pendingOutbox(account: Self.session.userID).map(\.body) == ["a", "b"])
        #expect(server.requests(to: .send).count == 1)
    }

    @Test func anErrorAnswerEchoingTheTokenNeverCarriesItIntoTheFailure() async throws {
        let (store, folder) = try Self.store()
        defer { withExtendedLifetime(folder) {} }
        try store.enqueue([try MessageContent.text("x", roomID: "!room")], account: Self.session.userID)
        let server = ScriptedHomeserver()
        server.fail(.send, with: [ScriptedHomeserver.answer(403, #"{"errcode":"M_FORBIDDEN","error":"token secret-token-7f3a may not"}"#)])

        let outcome = try #require(try await Self.sender(store, server).drain().first)

        #expect(outcome.failure == "the homeserver answered 403 M_FORBIDDEN: token … may not")
        #expect(try store.outbox(account: Self.session.userID).allSatisfy { !($0.failure ?? "").contains("secret-token") })
    }
}
