// OutboxUploadBehindTests: a picture's bytes are uploaded behind the events that follow it — the next message's event
// goes while they are still uploading, the events keep the outbox's order, and the drain ends with both sent.
import Foundation
import Matrix
import MatrixSending
import MessageStore
import TestSupport
import Testing

@Suite struct OutboxUploadBehindTests {
    @Test func givenAPhotoWhoseBytesAreStillUploading_thenTheNextMessagesEventGoesMeanwhileInOrder() async throws {
        // Given a photo, then a text, queued; the server holds the photo's upload
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let photo = OutgoingMessage(roomID: "!r", body: "photo-1.jpg", content: Data(#"{"body":"photo-1.jpg","info":{},"msgtype":"m.image"}"#.utf8),
                                    media: OutboxMedia(picture: Data(repeating: 9, count: 5000), pictureType: "image/jpeg"))
        let entries = try store.enqueue([photo, try MessageContent.text("after the photo", roomID: "!r")],
                                        account: "@alice:localhost")
        let gate = Gate()
        let server = ScriptedHomeserver(uploadGate: gate)

        // When the outbox is drained
        let draining = Task { try await OutboxDiskFillingTests.sender(store, server).drain() }

        // Then the text's event goes while the photo's bytes are held, after the photo's event
        #expect(await eventually { server.eventCount == 2 })
        #expect(server.requests(to: .send).map(\.lastSegment) == entries.map(\.transactionID))
        #expect(server.requests(to: .upload).isEmpty)
        // (each state is written once the server's answer is read: after the server counted the request)
        #expect(await eventually { (try? store.outboxEntry(entries[0].id)?.state) == .uploading })
        #expect(await eventually { (try? store.outboxEntry(entries[1].id)?.state) == .sent })

        // And once the bytes go through, the drain ends with both sent
        gate.open()
        let outcomes = try await draining.value
        #expect(outcomes.count == 2 && outcomes.allSatisfy(\.isSent))
        #expect(server.requests(to: .upload).count == 1)
        #expect(try store.pendingOutbox(account: "@alice:localhost").isEmpty)
    }
}
