// ComposerOriginalSizeTests: `o` in the composer chooses the original size for the draft's photos — said beside each
// photo and in the `?` help — and the room sending hears of every change to prepare the photos early: at attach,
// at `o`, and at send the draft goes with the choice, which then resets.
import Foundation
import MessageStore
import SnaptermUI
import Synchronization
import TestSupport
import Testing

/// Records what it was asked to prepare and to queue.
private final class PreparingRoomSending: RoomSending {
    let prepared = Mutex<[Draft]>([])
    let queued = Mutex<[Draft]>([])
    func prepare(_ draft: Draft, conversationID: Int64) { prepared.withLock { $0.append(draft) } }
    func queue(_ draft: Draft, conversationID: Int64) throws -> Bool {
        queued.withLock { $0.append(draft) }
        return true
    }
}

@MainActor @Suite struct ComposerOriginalSizeTests {
    @Test func givenAPhotoInTheDraft_whenOIsPressed_thenItIsShownSentAndPreparedAtItsOriginalSize() throws {
        let fixture = try MessageFixture()
        let area = CellRect(row: 1, column: 0, rows: 30, columns: 120)
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 40, rows: 4))
        let sending = PreparingRoomSending()
        screen.composer.roomSending = sending
        let photo = try #require(URL(string: "asset://?id=p-1&rotate=90"))

        // When a photo is attached, its preparation is asked for at once, at the usual size
        screen.composer.attach(photo)
        #expect(sending.prepared.withLock { $0.last.map { ($0.attachments, $0.original) } } ?? ([], true) == ([photo], false))
        screen.layout(in: area)
        #expect(!draw(screen, area).contains { $0.contains("at their original size") || $0.contains("· original size") })

        // When o is pressed, the draft says so beside the photo, and it is prepared again at its own size
        _ = screen.handle(.character("o"))
        #expect(screen.composer.original)
        let drawn = draw(screen, area)
        #expect(drawn.contains { $0.contains("1 photo · rotated 90° · original size") }, "\(drawn)")
        #expect(drawn.contains { $0.contains("── photos at their original size (o: fitted into 2048 px) ──") }, "\(drawn)")
        #expect(sending.prepared.withLock { $0.last?.original } == true)
        #expect(screen.keyHelp.contains { $0.keys == "o" && $0.meaning.contains("original size") })

        // When it is sent, the draft goes at the original size, and the next draft is back to the usual size
        _ = screen.handle(.character("i"))
        _ = screen.handle(.enter)
        #expect(sending.queued.withLock { $0.map(\.original) } == [true])
        #expect(!screen.composer.original)

        // And o again goes back to the usual size
        _ = screen.handle(.escape)
        _ = screen.handle(.character("o"))
        _ = screen.handle(.character("o"))
        #expect(!screen.composer.original)
    }

    private func draw(_ screen: ConversationScreen, _ area: CellRect) -> [String] {
        let canvas = MemoryCanvas(rows: area.row + area.rows, columns: area.columns)
        _ = screen.draw(on: canvas, area: area, options: DrawOptions())
        return canvas.lines
    }
}
