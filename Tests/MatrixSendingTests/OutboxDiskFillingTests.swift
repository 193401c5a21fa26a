// OutboxDiskFillingTests: the disk fills while the outbox is drained — at every step of a text's and a photo's sends
// (state, reservation, event, bytes) — and the drain stops saying the disk is full; once there is room again each
// message is sent, once, in order, and neither it nor its echo is lost.
import Foundation
import Matrix
import MatrixSending
import MessageStore
import TestSupport
import Testing

@Suite struct OutboxDiskFillingTests {
    private static let account = "@alice:localhost"
    private static let session = MatrixSession(homeserver: URL(string: "http://127.0.0.1:9")!, userID: account,
                                               deviceID: "DEV", accessToken: "secret-token-7f3a")

    /// A text and a photo with their echoes, queued in a fresh database; the room's conversation.
    static func queued(at path: String) throws -> (store: MessageStore, room: Int64, entries: [OutboxEntry]) {
        let store = try MessageStore(path: path)
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join)], since: "s0", account: account)
        let room = try #require(try store.conversationID(ofRoom: "!r", account: account))
        let photo = OutgoingMessage(roomID: "!r", body: "photo-1.jpg", content: Data(#"{"body":"photo-1.jpg","info":{},"msgtype":"m.image"}"#.utf8),
                                    media: OutboxMedia(picture: Data(repeating: 9, count: 2000), pictureType: "image/jpeg",
                                                       thumbnail: Data(repeating: 8, count: 500)))
        let entries = try store.enqueue([EchoedSend(message: try MessageContent.text("before the photo", roomID: "!r")),
                                         EchoedSend(message: photo, picture: URL(string: "asset://?id=p-1"))],
                                        account: account, in: room)
        return (store, room, entries)
    }

    static func sender(_ store: MessageStore, _ server: ScriptedHomeserver) -> OutboxSender {
        OutboxSender(store: store, client: MatrixClient(transport: server), session: session,
                     policy: RetryPolicy(initial: .milliseconds(5), maximum: .milliseconds(20)))
    }

    @Test func givenTheDiskFillingAtEveryStepOfADrain_thenItStopsSayingSoAndOnceThereIsRoomEachMessageIsSentOnceInOrder() async throws {
        var stoppedAt: [Int] = []
        // A text's sends change its entry twice, a photo's five times: room for 0…7 changes covers every step
        for changes in 0...7 {
            // Given a queued text and photo, and a disk with room for `changes` more outbox changes
            let folder = try TemporaryDirectory()
            let path = folder.appending("m.sqlite").path
            let (store, room, entries) = try Self.queued(at: path)
            let used = try await FillingDisk.install(path)
            let full = try MessageStore(path: path, maximumBytes: used + changes * FillingDisk.bytesPerChange + 2048)
            let server = ScriptedHomeserver()

            // When the outbox is drained, the disk fills
            do {
                try await Self.sender(full, server).drain()
            } catch {
                // Then the drain stops on a full disk, named
                #expect(error == .diskFull(path: path), "after \(changes) changes")
                #expect("\(error)".contains("the disk is full"))
                stoppedAt.append(changes)
            }

            // When there is room again, a drain sends what is left
            try await FillingDisk.empty(path)
            try await Self.sender(store, server).drain()

            // Then both are sent, each event once, in the outbox's order, and both echoes stand, marked sent
            #expect(try store.pendingOutbox(account: Self.account).isEmpty, "after \(changes) changes")
            #expect(server.eventCount == 2, "after \(changes) changes")
            var order: [String] = []
            for request in server.requests(to: .send) where !order.contains(request.lastSegment) {
                order.append(request.lastSegment)
            }
            #expect(order == entries.map(\.transactionID), "after \(changes) changes")
            let messages = try store.messages(in: room)
            #expect(messages.count == 2 && messages.allSatisfy { $0.delivery == .sent }, "after \(changes) changes")
        }
        // The full disk stopped the drain at each of the first steps, and never once there was room for all of them
        #expect(stoppedAt.first == 0 && stoppedAt.count >= 5 && !stoppedAt.contains(7), "\(stoppedAt)")
    }
}
