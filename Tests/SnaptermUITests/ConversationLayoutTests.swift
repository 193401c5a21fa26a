// The conversation as a chat: it opens on the newest message with the composer right under it, scrolling
// up shows older ones, sending scrolls to the new message; day separators, sender and time on each message.
import Foundation
import MessageStore
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ConversationLayoutTests {
    private let area = CellRect(row: 1, column: 0, rows: 40, columns: 100)
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// 21 Nov 2026 (a Saturday) at `hour`:`minute` UTC, plus `days`.
    private static func date(days: Int = 0, hour: Int, minute: Int = 0) -> Date {
        utc.date(from: DateComponents(year: 2026, month: 11, day: 21 + days, hour: hour, minute: minute))!
    }

    private func screen(_ fixture: MessageFixture) -> ConversationScreen {
        ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store, loader: fixture.state.loader,
                           box: fixture.state.box(columns: 16, rows: 4), calendar: Self.utc)
    }

    private func draw(_ screen: ConversationScreen) -> [String] { UIFixtures.lines(of: screen, in: area) }

    @Test func itOpensOnTheNewestMessageWithTheComposerUnderItAndScrollsUpToOlderOnes() throws {
        // Given 30 messages, far more than fit
        let fixture = try MessageFixture()
        for index in 0..<30 {
            try fixture.store.receive(text: "message \(index) end", in: fixture.conversation, at: Self.date(hour: 8, minute: index))
        }
        // When the conversation opens
        let screen = screen(fixture)
        screen.layout(in: area)
        var lines = draw(screen)
        // Then the newest message is on screen, its row ends right above the composer's rule, the oldest is not
        let list = try #require(screen.list)
        #expect(list.visibleRange.upperBound == list.rowCount)
        #expect(try #require(screen.screenRow(ofRow: list.rowCount - 1)) + 5 == screen.composerRow)
        #expect(lines[screen.composerRow].hasPrefix("───"))
        let newest = try #require(lines.firstIndex { $0.contains("message 29 end") })
        #expect(newest < screen.composerRow && newest >= screen.composerRow - 4)
        #expect(!lines.contains { $0.contains("message 0 end") })
        #expect(lines[screen.composerRow + 1].contains("press i to write"))
        // When the user scrolls up a page at a time to the top
        for _ in 0..<10 { _ = screen.handle(.pageUp) }
        lines = draw(screen)
        // Then the oldest shows and the newest does not
        #expect(lines.contains { $0.contains("message 0 end") })
        #expect(!lines.contains { $0.contains("message 29 end") })
    }

    @Test func aShortConversationSitsAtTheBottomNextToTheComposer() throws {
        // Given two messages, far fewer than fit
        let fixture = try MessageFixture()
        try fixture.store.receive(text: "first", in: fixture.conversation, at: Self.date(hour: 9))
        try fixture.store.receive(text: "second", in: fixture.conversation, at: Self.date(hour: 10))
        // When it opens
        let screen = screen(fixture)
        screen.layout(in: area)
        let lines = draw(screen)
        // Then the rows are bottom aligned: "second" right above the rule, the top of the screen empty
        let second = try #require(lines.firstIndex { $0.contains("second") })
        let first = try #require(lines.firstIndex { $0.contains("first") })
        #expect(first < second)
        #expect(second >= screen.composerRow - 4 && second < screen.composerRow)
        #expect(lines[area.row..<(screen.composerRow - 10)].allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty })
    }

    @Test func sendingScrollsToTheNewMessage() throws {
        // Given a long conversation scrolled up to the top
        let fixture = try MessageFixture()
        for index in 0..<30 {
            try fixture.store.receive(text: "message \(index) end", in: fixture.conversation, at: Self.date(hour: 8, minute: index))
        }
        let screen = screen(fixture)
        screen.layout(in: area)
        _ = screen.handle(.home)
        #expect(screen.list?.top == 0)
        // When a message is written and sent
        _ = screen.handle(.character("i"))
        for character in "just sent" { _ = screen.handle(.character(character)) }
        _ = screen.handle(.enter)
        // Then the list shows its last row, the new message, right above the composer
        let list = try #require(screen.list)
        #expect(list.visibleRange.upperBound == list.rowCount)
        let lines = draw(screen)
        let sent = try #require(lines.firstIndex { $0.contains("just sent") && !$0.contains("✎") })
        #expect(sent >= screen.composerRow - 4 && sent < screen.composerRow)
        #expect(lines[sent - 1].contains("You ·"), "the sender is named above the text")
    }

    @Test func daySeparatorsSenderAndTime() throws {
        // Given messages on two days, from both parties
        let fixture = try MessageFixture()
        try fixture.store.receive(text: "morning", in: fixture.conversation, at: Self.date(hour: 9, minute: 5))
        try fixture.store.receive(text: "noon", in: fixture.conversation, at: Self.date(hour: 12, minute: 0))
        try fixture.store.receive(text: "next day", in: fixture.conversation, at: Self.date(days: 1, hour: 7, minute: 45))
        // When it is drawn
        let screen = screen(fixture)
        screen.layout(in: area)
        let lines = draw(screen)
        // Then one separator per day, above that day's first message, and each message names who and when
        let saturday = try #require(lines.firstIndex { $0.contains("Sat 21 Nov 2026") })
        let sunday = try #require(lines.firstIndex { $0.contains("Sun 22 Nov 2026") })
        #expect(lines.filter { $0.contains("Sat 21 Nov 2026") }.count == 1)
        #expect(lines.filter { $0.contains("Nov 2026") }.count == 2, "no separator between two messages of one day")
        #expect(lines[saturday].contains("── Sat 21 Nov 2026 ──") && lines[sunday].hasPrefix("──"))
        #expect(lines[saturday + 1].contains("Ada · 09:05") && lines[saturday + 2].contains("morning"))
        #expect(lines.contains { $0.contains("Ada · 12:00") })
        #expect(lines[sunday + 1].contains("Ada · 07:45") && lines[sunday + 2].contains("next day"))
    }

    @Test func anAttachmentStillLoadingShowsAMovingProgressBarAndItsCaption() async throws {
        // Given a message with a photo whose thumbnail is held back
        let fixture = try MessageFixture()
        let gate = Gate()
        fixture.thumbnails.stubAll(with: MockResponse(data: MessageFixture.art.encoded, gate: gate))
        try fixture.store.receive(text: "look", attachments: [URL(string: "asset://?id=p-1&width=1280&rotate=90")!],
                                  in: fixture.conversation, at: Self.date(hour: 9))
        let screen = screen(fixture)
        screen.layout(in: area)
        // When two frames are drawn while it loads
        func frame(_ phase: Int) -> [String] {
            let canvas = MemoryCanvas(rows: area.row + area.rows, columns: area.columns)
            _ = screen.draw(on: canvas, area: area, options: DrawOptions(phase: phase))
            return canvas.lines
        }
        let bar = { (lines: [String]) in lines.first { $0.contains("█") && $0.contains("░") } }
        let first = frame(0), later = frame(5)
        // Then the cell says it is loading, with a bar that moves from frame to frame, and names the photo
        #expect(first.contains { $0.contains("loading") })
        let firstBar = try #require(bar(first)), laterBar = try #require(bar(later))
        #expect(firstBar != laterBar)
        #expect(first.contains { $0.contains("photo · rotated 90°") })
        gate.open()
        #expect(await UIFixtures.eventually { screen.placeholderCount == (0, 1) })
        #expect(bar(frame(6)) == nil)
    }
}
