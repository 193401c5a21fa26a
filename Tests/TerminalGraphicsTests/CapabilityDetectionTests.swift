// CapabilityDetectionTests: DA1 replies of real terminals, a silent one, the environment and forced modes.
import TerminalGraphics
import Testing

@Suite struct CapabilityDetectionTests {
    private let xtermEnvironment = ["TERM": "xterm-256color"]

    @Test func xtermInVT340ModeGetsSixelAndItsPixelCellSize() throws {
        // xterm -ti vt340: DA1 lists 4; TIOCGWINSZ 604×524 for 100×40 cells
        let terminal = FakeTerminal(reply: "\u{1B}[?63;1;2;4;6;9;15;22c",
                                    size: WindowSize(columns: 100, rows: 40, pixelWidth: 604, pixelHeight: 524))
        let found = try TerminalCapabilities.detect(environment: xtermEnvironment, terminal: terminal)
        #expect(found.sixel && found.mode == .sixel)
        #expect(found.cellSize == CellSize(width: 6, height: 13) && found.cellSizeSource == .windowSize)
        #expect(String(decoding: terminal.written, as: UTF8.self)
            == "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c")
    }

    @Test func plainXtermGetsSymbolsAndTheQueriedCellSize() throws {
        // Stock xterm: no 4 in DA1; no pixel size from the ioctl, but it answers CSI 16 t
        let terminal = FakeTerminal(reply: "\u{1B}[6;17;9t\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c",
                                    size: WindowSize(columns: 80, rows: 24))
        let found = try TerminalCapabilities.detect(environment: xtermEnvironment, terminal: terminal)
        #expect(!found.sixel && found.mode == .symbols)
        #expect(found.cellSize == CellSize(width: 9, height: 17) && found.cellSizeSource == .query)
        #expect(found.colorDepth == .ansi256)
    }

    @Test func tmuxGetsSymbolsAndIsRecognised() throws {
        let terminal = FakeTerminal(reply: "\u{1B}[?1;2c")
        let found = try TerminalCapabilities.detect(
            environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "COLORTERM": "truecolor"], terminal: terminal)
        #expect(!found.sixel && found.mode == .symbols)
        #expect(found.multiplexer == .tmux && found.colorDepth == .truecolor)
        #expect(found.deviceAttributes == [1, 2])
        #expect(found.cellSize == .fallback && found.cellSizeSource == .fallback)
    }

    @Test func aSilentTerminalTimesOutToTextArtAndTheFallbackCellSize() throws {
        let terminal = FakeTerminal(reply: nil)
        let found = try TerminalCapabilities.detect(environment: ["TERM": "xterm"], terminal: terminal, timeout: .milliseconds(50))
        #expect(!found.sixel && found.mode == .symbols && found.deviceAttributes == nil)
        #expect(found.cellSize == .fallback)
        #expect(terminal.waited == .milliseconds(50))
    }

    @Test func noColourMeansAsciiAndDumbTerminalsAreNotQueried() throws {
        let noColor = try TerminalCapabilities.detect(environment: ["TERM": "xterm", "NO_COLOR": "1"], terminal: FakeTerminal(reply: "\u{1B}[?1;2c"))
        #expect(noColor.mode == .ascii && noColor.colorDepth == .none)
        let dumb = FakeTerminal(reply: "\u{1B}[?63;4c")
        let found = try TerminalCapabilities.detect(environment: ["TERM": "dumb"], terminal: dumb)
        #expect(found.mode == .ascii && dumb.written.isEmpty)
    }

    @Test func aFlagBeatsTheEnvironmentVariableWhichBeatsDetection() throws {
        let vt340 = "\u{1B}[?63;1;2;4;6;9;15;22c"
        let byVariable = try TerminalCapabilities.detect(environment: ["TERM": "xterm", "SNAPTERM_GRAPHICS": "ascii"],
                                                         terminal: FakeTerminal(reply: vt340))
        #expect(byVariable.mode == .ascii && byVariable.isForced && byVariable.sixel)
        let byFlag = try TerminalCapabilities.detect(environment: ["TERM": "xterm", "SNAPTERM_GRAPHICS": "ascii"],
                                                     terminal: FakeTerminal(reply: vt340), forced: .symbols)
        #expect(byFlag.mode == .symbols)
        #expect(throws: TerminalGraphicsError.unknownGraphicsMode("sixels")) {
            try TerminalCapabilities.detect(environment: ["SNAPTERM_GRAPHICS": "sixels"], terminal: nil)
        }
    }

    @Test func repliesAreFoundAmongOtherInput() {
        let replies = DeviceReplies(parsing: Array("x\u{1B}[A\u{1B}[6;13;6t\u{1B}[?62;4c".utf8))
        #expect(replies.advertisesSixel && replies.cellSize == CellSize(width: 6, height: 13))
        #expect(!DeviceReplies(parsing: Array("\u{1B}[?63;1".utf8)).advertisesSixel)
    }
}
