// EchoSettlingTests: a sent picture's echo switches to its mxc:// URL only once that URL's thumbnail holds the very
// bytes the echo showed — the store keeps the local URL while the seeding waits, and the new thumbnail is a memory
// hit that never asked its handler.
import Foundation
import MatrixSending
import MessageStore
import SchemeLoader
import TestSupport
import Testing

@Suite struct EchoSettlingTests {
    private let account = "@alice:localhost"

    /// The stand-in thumbnail URL of a picture: `thumb://t/<the picture's URL, escaped>`.
    private static func thumbnail(_ picture: URL) -> URL {
        URL(string: "thumb://t/" + picture.absoluteString.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)!
    }

    @Test func theNewURLsThumbnailIsSeededFromTheLocalOneBeforeTheEchoSwitches() async throws {
        // Given a photo's echo whose send the server answered with an mxc:// URL
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join)], since: "s0", account: account)
        let room = try #require(try store.conversationID(ofRoom: "!r", account: account))
        let local = try #require(URL(string: "asset://?id=p-1&crop=0,0,0.5,0.5"))
        let media = try #require(URL(string: "mxc://localhost/sent"))
        let entry = try #require(try store.enqueue([
            EchoedSend(message: OutgoingMessage(roomID: "!r", body: "photo-1.jpg", content: Data("{}".utf8),
                                                media: OutboxMedia(picture: Data([1]), pictureType: "image/jpeg")), picture: local),
        ], account: account, in: room).first)
        try store.setOutboxMediaURLs(entry.id, picture: media.absoluteString, thumbnail: nil)
        try store.setOutboxSent(entry.id, eventID: "$sent")
        // and a thumbnail loader whose local thumbnail is held behind a gate
        let gate = Gate()
        let thumbnails = MockSchemeHandler(scheme: "thumb")
        let shown = Data("the draft's own thumbnail".utf8)
        thumbnails.stub(Self.thumbnail(local), with: MockResponse(data: shown, mimeType: "image/x-terminal", gate: gate))
        thumbnails.stub(Self.thumbnail(media), with: MockResponse(data: Data("from the server".utf8)))
        let loader = try SchemeLoader(handlers: [thumbnails])
        let settling = EchoSettling(store: store, account: account, thumbnailLoader: loader, thumbnailURL: Self.thumbnail)

        // When the echo is settled, while the local thumbnail is still being read
        let settled = Task { try await settling.settleAll() }
        #expect(await eventually { gate.waiting == 1 })

        // Then the echo still shows the local picture
        #expect(try store.messages(in: room).first?.attachments == [local])

        // And once the seeding is done, it shows the mxc:// URL, whose thumbnail is the local bytes, from memory
        gate.open()
        #expect(try await settled.value == 1)
        #expect(try store.messages(in: room).first?.attachments == [media])
        let hit = try #require(loader.cachedResult(for: Self.thumbnail(media)))
        #expect(hit.data == shown)
        #expect(thumbnails.loadCount(for: Self.thumbnail(media)) == 0)
        #expect(try await settling.settleAll() == 0)
    }
}
