// Wrapping into a space narrower than a character: layout always advances (it once looped forever
// on "☕" in one column — the Messages tab of a 29-column terminal hung and ate memory).
import Foundation
import MessageStore
import SnaptermUI
import TerminalGraphics
import Testing

@MainActor
@Suite struct NarrowWrapTests {
    @Test func aTwoColumnCharacterInOneColumnBecomesTheStandIn() {
        // Given a coffee cup (two columns) and a one-column line
        // When the text is wrapped
        let lines = SafeText.wrapped("a☕b", width: 1)
        // Then it ends, every line fits, and the cup shows as the one-column stand-in
        #expect(lines == ["a", String(SafeText.standIn), "b"])
        #expect(lines.allSatisfy { SafeText.width(of: $0) <= 1 })
    }

    @Test func wideCharactersThatFitAreKeptWhole() {
        let lines = SafeText.wrapped("☕☕☕ 日本語", width: 2)
        #expect(lines == ["☕", "☕", "☕", "日", "本", "語"])
    }

    @Test func theMessagesListDrawsInEveryNarrowWidth() throws {
        // Given the demo-like conversation whose last message has "☕"
        let fixture = try MessageFixture()
        _ = try fixture.store.send(Draft(text: "Coffee? ☕☕ at the harbour", attachments: []), in: fixture.conversation)
        let screen = ConversationsScreen(store: fixture.store, loader: fixture.state.loader,
                                         box: fixture.state.box(columns: 16, rows: 4))
        // When it is laid out and drawn at every width from 1 to 40 columns
        for columns in 1...40 {
            let canvas = MemoryCanvas(rows: 12, columns: columns)
            let area = CellRect(row: 0, column: 0, rows: 12, columns: columns)
            screen.layout(in: area)
            _ = screen.draw(on: canvas, area: area, options: DrawOptions())
            // Then drawing ends, and where there is room for text the message starts below the title
            if columns >= 19 {
                #expect(canvas.lines[1].dropFirst(18).first == "Y", "at \(columns) columns: \(canvas.lines)")
            }
        }
    }
}
