// The virtual terminal's text: characters, wide characters, cursor moves, wrapping, consumed sequences.
import Foundation
import ScrollBench
import Testing

@Suite struct VirtualTerminalTextTests {
    private func terminal(_ bytes: String, rows: Int = 5, columns: Int = 10) -> VirtualTerminal {
        var terminal = VirtualTerminal(rows: rows, columns: columns)
        terminal.feed(bytes)
        return terminal
    }

    @Test func plainTextFillsCellsFromTheTopLeft() {
        let screen = terminal("hello")
        #expect(screen.lines[0] == "hello")
        #expect((0..<5).allSatisfy { screen.kind(row: 0, column: $0) == .text })
        #expect(screen.kind(row: 0, column: 5) == .blank)
        #expect(screen.cursorColumn == 5)
    }

    @Test func cursorPositionIsOneBasedRowThenColumn() {
        let screen = terminal("\u{1B}[3;5Hxy")
        #expect(screen.character(row: 2, column: 4) == "x")
        #expect(screen.character(row: 2, column: 5) == "y")
        #expect(screen.lines[0].isEmpty)
        #expect(screen.cursorRow == 2 && screen.cursorColumn == 6)
    }

    @Test func wideCharactersTakeTwoCells() {
        let screen = terminal("日本x")
        #expect(screen.character(row: 0, column: 0) == "日")
        #expect(screen.kind(row: 0, column: 1) == .text)
        #expect(screen.character(row: 0, column: 2) == "本")
        #expect(screen.character(row: 0, column: 4) == "x")
        #expect(screen.cursorColumn == 5)
    }

    @Test func textWrapsAtTheRightEdge() {
        let screen = terminal("abcdefghijKL")
        #expect(screen.lines[0] == "abcdefghij")
        #expect(screen.lines[1] == "KL")
    }

    @Test func styleSequencesAreConsumedAndColouredSpacesCountAsText() {
        let screen = terminal("\u{1B}[1;31mA\u{1B}[0m\u{1B}[48;5;1m \u{1B}[0m ")
        #expect(screen.lines[0] == "A")
        #expect(screen.kind(row: 0, column: 1) == .text, "a space on a coloured background is visible")
        #expect(screen.kind(row: 0, column: 2) == .blank)
    }

    @Test func saveAndRestoreCursor() {
        let screen = terminal("\u{1B}7\u{1B}[4;4HX\u{1B}8Y")
        #expect(screen.character(row: 0, column: 0) == "Y")
        #expect(screen.character(row: 3, column: 3) == "X")
    }

    @Test func otherSequencesLeaveNoTrace() {
        let screen = terminal("\u{1B}]0;title\u{07}\u{1B}[?25l\u{1B}(B\u{1B}[?1000h\u{1B}P$qm\u{1B}\\ok")
        #expect(screen.lines[0] == "ok")
        #expect(screen.lines.dropFirst().allSatisfy { $0.isEmpty })
    }

    @Test func sequencesAndCharactersMaySplitAcrossWrites() {
        var screen = VirtualTerminal(rows: 5, columns: 10)
        let bytes = Array("\u{1B}[2;3Hé".utf8)
        for byte in bytes { screen.feed(Data([byte])) }
        #expect(screen.character(row: 1, column: 2) == "é")
    }

    @Test func lineFeedAtTheBottomScrolls() {
        let screen = terminal("top\r\n2\r\n3\r\n4\r\n5\r\n6", rows: 5)
        #expect(screen.scrolledLines == 1)
        #expect(screen.lines[0] == "2")
        #expect(screen.lines[4] == "6")
    }
}
