// FailedSendMarkTests: a message a Matrix room did not take is marked with the reason and the key that retries it;
// `R` puts it back in the outbox (marked sending again) while the text sent beside it stays marked sent.
import Foundation
import MessageStore
import SnaptermUI
import TestSupport
import Testing

/// Queues drafts as the app does for a room (the text, then each photo) and retries failed sends through the store.
private struct StoreRoomSending: RoomSending {
    let store: MessageStore
    let account: String

    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool {
        var sends = [EchoedSend(message: OutgoingMessage(roomID: "!r", body: draft.text, content: Data("{}".utf8)))]
        sends += draft.attachments.map { url in
            EchoedSend(message: OutgoingMessage(roomID: "!r", body: "photo-1.jpg", content: Data("{}".utf8),
                                                media: OutboxMedia(picture: Data([1]), pictureType: "image/jpeg")), picture: url)
        }
        try store.enqueue(sends, account: account, in: conversationID)
        return true
    }

    func retryFailed(conversationID: Int64) throws -> Int { try store.retryFailedSends(in: conversationID) }
}

@MainActor
@Suite struct FailedSendMarkTests {
    @Test func aFailedPhotoIsMarkedWithItsReasonAndRPutsItBackWhileItsTextStaysSent() async throws {
        // Given a room's draft of a text and a photo, sent: the text went, the photo was refused for good
        let fixture = try MessageFixture()
        let account = "@alice:localhost"
        try fixture.store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join)], since: "s0", account: account)
        let room = try #require(try fixture.store.conversationID(ofRoom: "!r", account: account))
        let area = CellRect(row: 1, column: 0, rows: 40, columns: 120)
        let screen = ConversationScreen(id: room, title: "Trip", store: fixture.store, loader: fixture.state.loader,
                                        box: fixture.state.box(columns: 16, rows: 4))
        screen.composer.roomSending = StoreRoomSending(store: fixture.store, account: account)
        screen.composer.attach(try #require(URL(string: "asset://?id=p-1")))
        _ = screen.composer.edit(.character("h"))
        screen.layout(in: area)
        _ = screen.handle(.character("i"))
        _ = screen.handle(.enter)
        _ = screen.handle(.escape)
        let entries = try fixture.store.outbox(account: account)
        try fixture.store.setOutboxSent(entries[0].id, eventID: "$text")
        try fixture.store.setOutboxFailed(entries[1].id, reason: "the picture is larger than the server takes", retryable: false)
        screen.messagesChanged()

        // Then the photo's byline names the reason and R, the text's says sent
        let lines = draw(screen, area)
        #expect(lines.contains { $0.contains("✗ not sent: the picture is larger than the server takes — R retry") }, "\(lines)")
        #expect(lines.contains { $0.contains("✓ sent") })

        // When R is pressed, the photo goes back in the outbox, marked sending
        _ = screen.handle(.character("R"))
        #expect(screen.notice == "retrying 1 message")
        #expect(try fixture.store.pendingOutbox(account: account).map(\.transactionID) == [entries[1].transactionID])
        let after = draw(screen, area)
        #expect(after.contains { $0.contains("sending…") } && !after.contains { $0.contains("not sent") }, "\(after)")
    }

    private func draw(_ screen: ConversationScreen, _ area: CellRect) -> [String] {
        let canvas = MemoryCanvas(rows: area.row + area.rows, columns: area.columns)
        _ = screen.draw(on: canvas, area: area, options: DrawOptions())
        return canvas.lines
    }
}
