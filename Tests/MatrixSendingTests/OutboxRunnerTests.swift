// OutboxRunnerTests: the outbox runner sends what an earlier run left as soon as it starts, and what is queued later
// when woken — each message once — and settles each echo on the server's event and mxc:// URL.
import Foundation
import Matrix
import MatrixSending
import MessageStore
import Synchronization
import TestSupport
import Testing

@Suite struct OutboxRunnerTests {
    private static let session = MatrixSession(homeserver: URL(string: "http://127.0.0.1:9")!, userID: "@alice:localhost",
                                               deviceID: "DEV", accessToken: "secret-token-7f3a")
    private static let photo = URL(string: "asset://?id=p-1&rotate=90")!

    private static func sends(_ text: String, withPhoto: Bool) throws -> [EchoedSend] {
        var sends = [EchoedSend(message: try MessageContent.text(text, roomID: "!r"))]
        if withPhoto {
            sends.append(EchoedSend(message: OutgoingMessage(roomID: "!r", body: "photo-1.jpg",
                                                             content: Data(#"{"body":"photo-1.jpg","info":{},"msgtype":"m.image"}"#.utf8),
                                                             media: OutboxMedia(picture: Data([1, 2, 3]), pictureType: "image/jpeg")),
                                    picture: photo))
        }
        return sends
    }

    @Test func whatAnEarlierRunLeftIsSentOnStartAndWhatComesLaterWhenWoken() async throws {
        // Given a draft an earlier run queued (a text and a photo, with their echoes) and never sent
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let account = Self.session.userID
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join)], since: "s0", account: account)
        let room = try #require(try store.conversationID(ofRoom: "!r", account: account))
        try store.enqueue(try Self.sends("left by the last run", withPhoto: true), account: account, in: room)
        let server = ScriptedHomeserver()
        let changes = Mutex(0)
        let runner = OutboxRunner(
            sender: OutboxSender(store: store, client: MatrixClient(transport: server), session: Self.session,
                                 policy: RetryPolicy(initial: .milliseconds(5), maximum: .milliseconds(20))),
            settling: EchoSettling(store: store, account: account, thumbnailLoader: nil, thumbnailURL: { $0 }),
            store: store, account: account, changed: { changes.withLock { $0 += 1 } })
        defer { runner.stop() }

        // When it starts
        runner.start()

        // Then both are sent and their echoes show the events, the photo its mxc:// URL
        let settled = try await eventually { () -> [Message]? in
            let messages = try store.messages(in: room)
            let done = messages.allSatisfy { $0.delivery == .sent && $0.matrix != nil } && messages.last?.attachments.first?.scheme == "mxc"
            return done ? messages : nil
        }
        #expect(settled?.count == 2)
        #expect(server.eventCount == 2)
        #expect(changes.withLock { $0 } > 0)

        // And a draft queued afterwards is sent once the runner is woken
        try store.enqueue(try Self.sends("later", withPhoto: false), account: account, in: room)
        runner.wake()
        let later = try await eventually { () -> Message? in
            try store.messages(in: room).first { $0.text == "later" && $0.delivery == .sent }
        }
        #expect(later != nil)
        #expect(server.eventCount == 3)
        #expect(try store.pendingOutbox(account: account).isEmpty)
    }
}
