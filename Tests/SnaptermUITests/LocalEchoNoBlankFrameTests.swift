// LocalEchoNoBlankFrameTests: a photo sent to a Matrix room is on screen in every frame from Enter until the
// server's copy is shown — the echo shows the draft's cached thumbnail, and the switch to the mxc:// URL comes after
// that URL's thumbnail was seeded — counted as the scroll benchmark counts white spots (`placeholderCount` at draw
// time). Without the seeding, the same switch shows a blank frame: the count can fail.
import Foundation
import MatrixSending
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

/// Queues drafts as the app does for a Matrix room: each photo a send of its own, with its local echo.
private struct EchoingRoomSending: RoomSending {
    let store: MessageStore
    let account: String

    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool {
        let sends = draft.attachments.enumerated().map { index, url in
            EchoedSend(message: OutgoingMessage(roomID: "!r", body: "photo-\(index + 1).jpg", content: Data("{}".utf8),
                                                media: OutboxMedia(picture: Data([1]), pictureType: "image/jpeg")), picture: url)
        }
        try store.enqueue(sends, account: account, in: conversationID)
        return true
    }
}

@MainActor
@Suite struct LocalEchoNoBlankFrameTests {
    private let account = "@alice:localhost"
    private let area = CellRect(row: 1, column: 0, rows: 40, columns: 100)
    private let media = URL(string: "mxc://localhost/sent")!

    /// A room's conversation on screen with a sent photo's echo shown, the server's answer recorded and its event
    /// synced back; `frame` draws one frame and returns the placeholders it showed. The server's thumbnail is held
    /// behind `serverCopy` (a download takes time).
    private func sentPhoto(_ fixture: MessageFixture, serverCopy: Gate) async throws -> (ConversationScreen, frame: () -> Int) {
        try fixture.store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join)], since: "s0", account: account)
        let room = try #require(try fixture.store.conversationID(ofRoom: "!r", account: account))
        let screen = ConversationScreen(id: room, title: "Trip", store: fixture.store, loader: fixture.state.loader,
                                        box: fixture.state.box(columns: 16, rows: 4))
        screen.composer.roomSending = EchoingRoomSending(store: fixture.store, account: account)
        fixture.thumbnails.stub(screen.thumbnailURL(media), with: MockResponse(data: MessageFixture.art.encoded, gate: serverCopy))
        let frame = { [area] in
            let canvas = MemoryCanvas(rows: area.row + area.rows, columns: area.columns)
            _ = screen.draw(on: canvas, area: area, options: DrawOptions())
            return screen.placeholderCount.placeholders
        }
        screen.composer.attach(try #require(URL(string: "asset://?id=p-2&width=1280&rotate=90")))
        screen.layout(in: area)
        #expect(await UIFixtures.eventually { screen.loadingDraftAttachments == 0 })
        var blank = frame()
        // Enter: the echo is in the timeline at once, with the draft's picture
        _ = screen.handle(.character("i"))
        _ = screen.handle(.enter)
        blank += frame()
        #expect(try fixture.store.messages(in: room).map(\.delivery) == [.sending])
        // The server answers, and its event comes back by sync with the transaction id
        let entry = try #require(try fixture.store.outbox(account: account).first)
        try fixture.store.setOutboxMediaURLs(entry.id, picture: media.absoluteString, thumbnail: nil)
        try fixture.store.setOutboxSent(entry.id, eventID: "$sent")
        screen.messagesChanged()
        blank += frame()
        try fixture.store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, events: [
            MatrixTimelineEvent(eventID: "$sent", sender: account, sentAt: Date(), action: .message(MatrixMessageContent(
                kind: .image, body: "photo-1.jpg", media: MatrixMedia(url: media.absoluteString))), transactionID: entry.transactionID),
        ])], since: "s1", account: account)
        screen.messagesChanged()
        blank += frame()
        #expect(blank == 0, "no blank frame before the switch")
        return (screen, frame)
    }

    @Test func fromEnterToTheServersCopyNoFrameShowsABlankPicture() async throws {
        let fixture = try MessageFixture()
        let serverCopy = Gate()
        defer { serverCopy.open() }
        let (screen, frame) = try await sentPhoto(fixture, serverCopy: serverCopy)
        let box = fixture.state.box(columns: 16, rows: 4)
        let settling = EchoSettling(store: fixture.store, account: account, thumbnailLoader: fixture.state.loader,
                                    thumbnailURL: { ConversationScreen.thumbnailURL($0, box: box) })

        // When the echo settles: the mxc:// thumbnail seeded, then the URL switched
        #expect(try await settling.settleAll() == 1)
        screen.messagesChanged()

        // Then the frame after the switch shows the picture too, from memory, and the server's copy was never loaded
        #expect(frame() == 0)
        let list = try #require(screen.list)
        let row = list.rowCount - 1
        #expect(list.url(forRow: row) == screen.thumbnailURL(media))
        #expect(list.cell(forRow: row)?.url == screen.thumbnailURL(media))
        #expect(list.cell(forRow: row)?.content == .image(data: MessageFixture.art.encoded, source: .memory))
        #expect(fixture.thumbnails.loadCount(for: screen.thumbnailURL(media)) == 0)
        let messages = try fixture.store.messages(in: screen.conversationID)
        #expect(messages.count == 1 && messages.first?.delivery == .sent)
    }

    @Test func theSameSwitchWithoutTheSeedingShowsABlankFrame() async throws {
        let fixture = try MessageFixture()
        let serverCopy = Gate()
        defer { serverCopy.open() }
        let (screen, frame) = try await sentPhoto(fixture, serverCopy: serverCopy)

        // When the store switches the URL with no seeding
        try fixture.store.sendsToSettle(account: account).forEach { try fixture.store.settle($0) }
        screen.messagesChanged()

        // Then that frame has a blank picture: the count sees it
        #expect(frame() == 1)
    }
}
