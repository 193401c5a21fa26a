// TerminalRestorerTests: the bytes written on every way out undo, in order, what the UI turned on.
@testable import SnaptermUI
import Testing

@Suite struct TerminalRestorerTests {
    @Test func theFarewellResetsAttributesMouseCursorScreenAndKeypad() {
        let expected = "\u{1B}[0m" + "\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l" + "\u{1B}[?25h" + "\u{1B}[?1049l" + "\u{1B}[?1l" + "\u{1B}>"
        #expect(TerminalRestorer.restoreSequence == Array(expected.utf8))
    }
}
