// EscapeSequenceTests: the builders produce exact sequences and outside text is never interpreted.
import TerminalGraphics
import Testing

@Suite struct EscapeSequenceTests {
    @Test func buildersProduceExactSequences() {
        #expect(EscapeSequence.moveCursor(row: 0, column: 4) == "\u{1B}[1;5H")
        #expect(EscapeSequence.eraseCharacters(12) == "\u{1B}[12X")
        #expect(EscapeSequence.colors(foreground: .rgb(1, 2, 3), background: .indexed(200)) == "\u{1B}[38;2;1;2;3;48;5;200m")
        #expect(EscapeSequence.colors(foreground: .indexed(9), background: .indexed(4)) == "\u{1B}[91;44m")
        #expect(EscapeSequence.colors(foreground: nil, background: nil) == "")
    }

    @Test func controlCharactersInOutsideTextAreReplaced() {
        let title = "cat\u{1B}]0;pwned\u{07}.png\u{9B}2J"
        let clean = EscapeSequence.sanitized(title)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        #expect(clean == "cat\u{FFFD}]0;pwned\u{FFFD}.png\u{FFFD}2J")
    }
}
