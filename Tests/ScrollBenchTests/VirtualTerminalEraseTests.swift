// The virtual terminal's erases: erase characters, erase in line, erase in display — over text and images.
import Foundation
import ScrollBench
import Testing

@Suite struct VirtualTerminalEraseTests {
    private func screen(after bytes: String) -> VirtualTerminal {
        var terminal = VirtualTerminal(rows: 4, columns: 8)
        terminal.feed("abcdefgh\u{1B}[2;1Habcdefgh\u{1B}[3;1Habcdefgh")
        terminal.feed(bytes)
        return terminal
    }

    @Test func eraseCharactersBlanksCellsWithoutMovingTheCursor() {
        let terminal = screen(after: "\u{1B}[1;2H\u{1B}[3X")
        #expect(terminal.lines[0] == "a   efgh")
        #expect(terminal.kind(row: 0, column: 1) == .blank)
        #expect(terminal.cursorRow == 0 && terminal.cursorColumn == 1)
    }

    @Test func eraseInLineToTheEndFromTheStartAndWhole() {
        #expect(screen(after: "\u{1B}[1;4H\u{1B}[K").lines[0] == "abc")
        #expect(screen(after: "\u{1B}[1;4H\u{1B}[1K").lines[0] == "    efgh")
        #expect(screen(after: "\u{1B}[1;4H\u{1B}[2K").lines[0] == "")
    }

    @Test func eraseInDisplayBelowAboveAndAll() {
        let below = screen(after: "\u{1B}[2;3H\u{1B}[J")
        #expect(below.lines == ["abcdefgh", "ab", "", ""])
        let above = screen(after: "\u{1B}[2;3H\u{1B}[1J")
        #expect(above.lines == ["", "   defgh", "abcdefgh", ""])
        #expect(screen(after: "\u{1B}[2J").lines.allSatisfy { $0.isEmpty })
    }

    @Test func erasingOrWritingOverAnImageRemovesItsPixels() {
        var terminal = VirtualTerminal(rows: 4, columns: 8, cellWidth: 8, cellHeight: 16)
        terminal.feed("\u{1B}[1;1H\u{1B}Pq\"1;1;32;32#0~\u{1B}\\")  // 4 × 2 cells
        #expect(terminal.census(row: 0, column: 0, rows: 2, columns: 4)[.image] == 8)
        terminal.feed("\u{1B}[1;1H\u{1B}[2X\u{1B}[2;4HZ")
        #expect(terminal.kind(row: 0, column: 0) == .blank && terminal.kind(row: 0, column: 1) == .blank)
        #expect(terminal.kind(row: 0, column: 2) == .image)
        #expect(terminal.kind(row: 1, column: 3) == .text)
        #expect(terminal.image(row: 0, column: 0) == nil)
    }
}
