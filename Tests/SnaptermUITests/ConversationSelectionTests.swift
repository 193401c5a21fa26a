// ConversationSelectionTests: the message selection of a conversation — none when it opens; ↑ selects the newest message
// on screen and marks it (▌ and its byline reversed); ↑ ↓ move one message, scrolling as little as keeps it on screen;
// paging keeps it on screen; ↓ past the newest or Esc unselects (Esc then goes back); it stays on its message when
// older messages are added above or news below; Enter on a selected file saves that file, `s` too, and with nothing
// selected `s` saves the newest file on screen.
import Foundation
import MessageStore
import SchemeLoader
@testable import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ConversationSelectionTests {
    private let area = CellRect(row: 1, column: 0, rows: 30, columns: 100)
    private let account = "@alice:localhost"

    private func screen(_ fixture: MessageFixture, conversation: Int64? = nil) -> ConversationScreen {
        let screen = ConversationScreen(id: conversation ?? fixture.conversation, title: "Bob", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4))
        screen.layout(in: area)
        return screen
    }

    private func draw(_ screen: ConversationScreen) -> [String] { UIFixtures.lines(of: screen, in: area) }

    private func receive(_ fixture: MessageFixture, _ range: ClosedRange<Int>) throws -> [Int64] {
        try range.map { index in
            try fixture.store.receive(text: "message \(index) end", in: fixture.conversation,
                                      at: Date(timeIntervalSince1970: 1_000_000 + Double(index) * 60)).id ?? 0
        }
    }

    /// The rows of the list that show message `id`, and whether one is on screen.
    private func isOnScreen(_ screen: ConversationScreen, _ id: Int64?) -> Bool {
        guard let list = screen.list, let id else { return false }
        return list.visibleRange.contains { screen.rows[$0].message.id == id }
    }

    @Test func givenAConversation_whenUpAndDownArePressed_thenTheSelectionMovesByMessageAndStaysOnScreen() throws {
        let fixture = try MessageFixture()
        let ids = try receive(fixture, 0...29)
        let screen = screen(fixture)
        #expect(screen.selectedMessageID == nil)
        #expect(!draw(screen).contains { $0.contains("▌") })
        let visible = try #require(screen.list?.visibleCount)

        #expect(screen.handle(.up) == .none)
        #expect(screen.selectedMessageID == ids[29], "the newest on screen, and nothing scrolled")
        let lines = draw(screen)
        #expect(lines.contains { $0.contains("▌message 29 end") })
        #expect(!lines.contains { $0.contains("▌message 28 end") })
        #expect(lines.contains { $0.contains("↑↓ select · Esc unselect") })

        // Up past the top of the screen: the list scrolls one message at a time with it.
        for _ in 0..<visible { _ = screen.handle(.character("k")) }
        #expect(screen.selectedMessageID == ids[29 - visible])
        #expect(screen.list?.top == 30 - visible - 1, "scrolled by one row, as little as shows it")
        #expect(draw(screen).contains { $0.contains("▌message \(29 - visible) end") })

        // Paging keeps a selection on screen: it moves to the nearest message shown.
        _ = screen.handle(.home)
        #expect(isOnScreen(screen, screen.selectedMessageID))
        #expect(screen.selectedMessageID == screen.list.map { screen.rows[$0.visibleRange.upperBound - 1].message.id })
        _ = screen.handle(.end)
        #expect(screen.selectedMessageID == screen.list.map { screen.rows[$0.top].message.id })

        // Down to the newest, then once more: unselected, at the bottom.
        for _ in 0..<(visible - 1) { _ = screen.handle(.down) }
        #expect(screen.selectedMessageID == ids[29])
        _ = screen.handle(.down)
        #expect(screen.selectedMessageID == nil)
        #expect(screen.list.map { $0.visibleRange.upperBound == $0.rowCount } == true)
    }

    @Test func givenASelection_thenEscUnselectsAndOnlyTheNextEscGoesBack() throws {
        let fixture = try MessageFixture()
        _ = try receive(fixture, 0...2)
        let screen = screen(fixture)
        _ = screen.handle(.up)
        #expect(screen.selectedMessageID != nil)
        #expect(screen.handle(.escape) == .none)
        #expect(screen.selectedMessageID == nil)
        #expect(!draw(screen).contains { $0.contains("▌") })
        #expect(screen.handle(.escape) == .pop)
    }

    @Test func givenASelection_whenMessagesAreAddedAboveAndBelow_thenItStaysOnItsMessageOnScreen() throws {
        let fixture = try MessageFixture()
        let ids = try receive(fixture, 20...39)
        let screen = screen(fixture)
        _ = screen.handle(.up)
        _ = screen.handle(.up)
        #expect(screen.selectedMessageID == ids[18])

        _ = try receive(fixture, 0...19)  // older messages paged in above
        screen.messagesChanged()
        #expect(screen.selectedMessageID == ids[18] && isOnScreen(screen, ids[18]))

        _ = try receive(fixture, 40...49)  // news below: the list follows it as far as the selection stays on screen
        screen.messagesChanged()
        #expect(screen.selectedMessageID == ids[18] && isOnScreen(screen, ids[18]))
        #expect(draw(screen).contains { $0.contains("▌message 38 end") })
    }

    @Test func givenASelectedFile_whenEnterIsPressed_thenThatFileIsSavedAndSAgainReplacesIt() async throws {
        let fixture = try MessageFixture()
        let media = MockSchemeHandler(scheme: "mxc")
        media.stub(URL(string: "mxc://localhost/older")!, with: MockResponse(data: Data("older bytes".utf8)))
        media.stub(URL(string: "mxc://localhost/newer")!, with: MockResponse(data: Data("newer bytes".utf8)))
        let fileLoader = try SchemeLoader(handlers: [media])
        func file(_ id: String, _ name: String, at second: Double) -> MatrixTimelineEvent {
            MatrixTimelineEvent(eventID: "$\(id)", sender: "@bob:localhost", sentAt: Date(timeIntervalSince1970: second),
                                action: .message(MatrixMessageContent(kind: .file, body: name,
                                                                      media: MatrixMedia(url: "mxc://localhost/\(id)", size: 11, fileName: name))))
        }
        let text = MatrixTimelineEvent(eventID: "$text", sender: "@bob:localhost", sentAt: Date(timeIntervalSince1970: 30),
                                       action: .message(MatrixMessageContent(kind: .text, body: "after the files")))
        let update = MatrixRoomUpdate(roomID: "!files", membership: .join,
                                      events: [file("older", "older.txt", at: 10), file("newer", "newer.txt", at: 20), text])
        let room = try #require(try fixture.store.applyMatrixSync([update], since: "s1", account: account).first?.conversationID)
        let downloads = fixture.folder.appending("downloads")
        let screen = screen(fixture, conversation: room)
        screen.downloadFolder = downloads
        screen.fileLoader = fileLoader
        var changed = 0
        screen.onChange = { changed += 1 }

        _ = screen.handle(.up)
        #expect(screen.handle(.enter) == .none)
        #expect(!screen.isWriting, "Enter on a selected message acts on it, it does not write")
        #expect(screen.notice?.contains("Enter saves a selected file") == true)
        _ = screen.handle(.up)
        _ = screen.handle(.up)
        // (a test canvas keeps a blank cell after a wide character: "📎  older.txt")
        #expect(draw(screen).contains { $0.contains("▌📎") && $0.contains("older.txt") }, "\(draw(screen).joined(separator: "\n"))")
        #expect(!draw(screen).contains { $0.contains("▌📎") && $0.contains("newer.txt") })
        #expect(draw(screen).contains { $0.contains("Enter save the file") })
        _ = screen.handle(.enter)
        #expect(await eventually { screen.notice?.hasPrefix("saved") == true }, "\(screen.notice ?? "")")
        #expect(try Data(contentsOf: downloads.appendingPathComponent("older.txt")) == Data("older bytes".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: downloads.path) == ["older.txt"])

        // Saved again: kept, asked, and the same key replaces it.
        try Data("mine".utf8).write(to: downloads.appendingPathComponent("older.txt"))
        _ = screen.handle(.enter)
        #expect(await eventually { screen.notice?.contains("exists already — Enter again replaces it") == true })
        #expect(try Data(contentsOf: downloads.appendingPathComponent("older.txt")) == Data("mine".utf8))
        _ = screen.handle(.enter)
        #expect(await eventually { screen.notice?.hasPrefix("saved") == true })
        #expect(try Data(contentsOf: downloads.appendingPathComponent("older.txt")) == Data("older bytes".utf8))

        // Nothing selected: `s` saves the newest file on screen.
        _ = screen.handle(.escape)
        _ = screen.handle(.character("s"))
        #expect(await eventually { screen.notice?.hasPrefix("saved") == true })
        #expect(try Data(contentsOf: downloads.appendingPathComponent("newer.txt")) == Data("newer bytes".utf8))
        #expect(changed > 0)
        await fileLoader.shutdown()
    }
}
