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

    @Test func modesScrollingAndStringsAreExact() {
        #expect(EscapeSequence.privateMode(1049, on: false) == "\u{1B}[?1049l")
        #expect(EscapeSequence.privateMode(25, on: true) == "\u{1B}[?25h")
        #expect(EscapeSequence.scrollRegion(2..<10) == "\u{1B}[3;10r")
        #expect(EscapeSequence.scrollContent(up: 3) == "\u{1B}[3S")
        #expect(EscapeSequence.scrollContent(up: -2) == "\u{1B}[2T")
        #expect(EscapeSequence.scrollContent(up: 0) == "")
        #expect(EscapeSequence.operatingSystemCommand("9;hi", endedByBell: true) == "\u{1B}]9;hi\u{07}")
        #expect(EscapeSequence.operatingSystemCommand("99;;hi", endedByBell: false) == "\u{1B}]99;;hi\u{1B}\\")
        #expect(EscapeSequence.applicationProgramCommand("Ga=d") == "\u{1B}_Ga=d\u{1B}\\")
        #expect(EscapeSequence.deviceControlString("0;1;0q") == "\u{1B}P0;1;0q")
        // tmux passthrough doubles every ESC inside
        #expect(EscapeSequence.tmuxPassthrough(Array("\u{1B}_Ga=d\u{1B}\\".utf8))
                == Array("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d\u{1B}\u{1B}\\\u{1B}\\".utf8))
    }

    @Test func controlCharactersInOutsideTextAreReplaced() {
        let title = "cat\u{1B}]0;pwned\u{07}.png\u{9B}2J"
        let clean = EscapeSequence.sanitized(title)
        #expect(!clean.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
        #expect(clean == "cat\u{FFFD}]0;pwned\u{FFFD}.png\u{FFFD}2J")
    }
}
