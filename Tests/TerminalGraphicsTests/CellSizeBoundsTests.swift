// A terminal's cell-size answer (CSI 16 t reply or TIOCGWINSZ pixels) is believed only within plausible
// bounds: a huge or zero figure falls back to 8×16 instead of overflowing every picture size.
import TerminalGraphics
import Testing

@Suite struct CellSizeBoundsTests {
    private let environment = ["TERM": "xterm-256color"]

    @Test func anAbsurdQueryReplyIsNotBelieved() throws {
        for reply in ["\u{1B}[6;9223372036854775807;9223372036854775807t", "\u{1B}[6;99999999999999999999999;9t",
                      "\u{1B}[6;0;0t", "\u{1B}[6;4000;9t", "\u{1B}[6;16;-8t", "\u{1B}[6;;t"] {
            // Given a terminal that answers CSI 16 t with an impossible cell size
            let terminal = FakeTerminal(reply: reply + "\u{1B}[?64;1;2c", size: WindowSize(columns: 80, rows: 24))
            // When capabilities are detected
            let found = try TerminalCapabilities.detect(environment: environment, terminal: terminal)
            // Then the fallback is used, and a picture size from it is an ordinary number
            #expect(found.cellSize == .fallback && found.cellSizeSource == .fallback, "\(reply.debugDescription)")
            #expect(found.cellSize.width * 500 * found.cellSize.height * 500 < 1 << 40)
        }
    }

    @Test func anAbsurdWindowSizeFallsBackToTheQueryReply() throws {
        // Given TIOCGWINSZ pixels of 65535 × 65535 for a 1×1 window, and a sane CSI 16 t reply
        let terminal = FakeTerminal(reply: "\u{1B}[6;17;9t\u{1B}[?64;1;2c",
                                    size: WindowSize(columns: 1, rows: 1, pixelWidth: 65535, pixelHeight: 65535))
        let found = try TerminalCapabilities.detect(environment: environment, terminal: terminal)
        // Then the window figure is not believed; the reply is
        #expect(found.cellSize == CellSize(width: 9, height: 17) && found.cellSizeSource == .query)
    }

    @Test func theBoundsAreInclusive() {
        #expect(CellSize(reportedWidth: 100, height: 200) == CellSize(width: 100, height: 200))
        #expect(CellSize(reportedWidth: 1, height: 1) == CellSize(width: 1, height: 1))
        #expect(CellSize(reportedWidth: 101, height: 16) == nil)
        #expect(CellSize(reportedWidth: 8, height: 201) == nil)
    }
}
