// KittyDetectionTests: the kitty graphics query, DA1 and the environment choose kitty, iterm, sixel or text —
// canned replies of kitty, WezTerm, xterm with sixel, tmux, a silent and a late terminal.
import TerminalGraphics
import Testing

@Suite struct KittyDetectionTests {
    private let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"

    @Test func kittyAnswersTheQueryBeforeDA1AndGetsKittyMode() throws {
        // Given kitty 0.26: it answers the graphics query, then DA1 (no sixel)
        let terminal = FakeTerminal(reply: kittyOK + "\u{1B}[?62;c",
                                    size: WindowSize(columns: 100, rows: 30, pixelWidth: 900, pixelHeight: 600))
        // When detecting
        let found = try TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"], terminal: terminal)
        // Then kitty graphics wins, with the window's cell size, and the query went first in one write
        #expect(found.kittyGraphics && found.mode == .kitty && !found.sixel)
        #expect(found.program == .kitty && !found.repliesMayArriveLate)
        #expect(found.cellSize == CellSize(width: 9, height: 20))
        #expect(String(decoding: terminal.written, as: UTF8.self).hasPrefix("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"))
    }

    @Test func aKittyErrorReplyIsNotKittySupport() throws {
        let terminal = FakeTerminal(reply: "\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\\u{1B}[?62;4c")
        let found = try TerminalCapabilities.detect(environment: ["TERM": "xterm-256color"], terminal: terminal)
        #expect(!found.kittyGraphics && found.mode == .sixel)
    }

    @Test func weztermSaysItsNameAndGetsITermImagesOverSixel() throws {
        // Given WezTerm (kitty graphics off by default): DA1 with sixel, TERM_PROGRAM=WezTerm
        let terminal = FakeTerminal(reply: "\u{1B}[?65;4;6;18;22c")
        let found = try TerminalCapabilities.detect(environment: ["TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"], terminal: terminal)
        #expect(found.inlineImages && found.sixel && found.mode == .iterm && found.program == .wezterm)
    }

    @Test func weztermWithKittyGraphicsOnPrefersKitty() throws {
        let terminal = FakeTerminal(reply: kittyOK + "\u{1B}[?65;4;6;18;22c")
        let found = try TerminalCapabilities.detect(environment: ["TERM_PROGRAM": "WezTerm", "TERM": "xterm-256color"], terminal: terminal)
        #expect(found.mode == .kitty && found.inlineImages)
    }

    @Test func xtermWithSixelAndNoKittyReplyGetsSixel() throws {
        let terminal = FakeTerminal(reply: "\u{1B}[?63;1;2;4;6;9;15;22c")
        let found = try TerminalCapabilities.detect(environment: ["TERM": "xterm"], terminal: terminal)
        #expect(found.mode == .sixel && !found.kittyGraphics && !found.inlineImages)
    }

    @Test func insideTmuxWithoutAPassthroughReplyTextArtIsUsed() throws {
        // Given tmux inside kitty (KITTY_WINDOW_ID inherited) with passthrough off: tmux answers DA1 itself
        let terminal = FakeTerminal(reply: "\u{1B}[?1;2c")
        let found = try TerminalCapabilities.detect(
            environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1", "TERM_PROGRAM": "tmux"],
            terminal: terminal)
        #expect(found.mode == .symbols && found.multiplexer == .tmux && !found.kittyGraphics && !found.inlineImages)
        // and the kitty query went only through tmux passthrough (see TmuxKittyDetectionTests)
        #expect(String(decoding: terminal.written, as: UTF8.self).hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_G"))
    }

    @Test func aSilentTerminalIsABoundedWaitAndMarksLateReplies() throws {
        let terminal = FakeTerminal(reply: nil)
        let found = try TerminalCapabilities.detect(environment: ["TERM": "xterm-256color"], terminal: terminal, timeout: .milliseconds(40))
        #expect(found.mode == .symbols && found.repliesMayArriveLate)
        #expect(terminal.waited == .milliseconds(40))  // one wait for all replies, not one per query
    }

    @Test func aLateTerminalIsNotWaitedForAndItsRepliesAreLeftForTheKeyFilter() throws {
        // Given a terminal whose replies come after the wait
        let terminal = FakeTerminal(reply: "", late: kittyOK + "\u{1B}[?62;c")
        let found = try TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty"], terminal: terminal, timeout: .milliseconds(40))
        // Then detection falls back to text art once, after one bounded wait, and says a reply may come
        #expect(found.mode == .symbols && found.repliesMayArriveLate && terminal.waited == .milliseconds(40))
        // and the late bytes parse as replies (what ReplyFilter swallows in the app; see ReplyFilterTests)
        let late = DeviceReplies(parsing: terminal.laterInput())
        #expect(late.supportsKittyGraphics && late.deviceAttributes == [62, 0])
        // and before exiting they are drained from the terminal, not left for the shell
        let drained = TerminalCapabilities.drainLateReplies(from: terminal, timeout: .milliseconds(40))
        #expect(drained == terminal.laterInput())
    }

    @Test func flagsAndTheVariableForceKittyAndITerm() throws {
        let byVariable = try TerminalCapabilities.detect(environment: ["TERM": "xterm", "SNAPTERM_GRAPHICS": "iterm"], terminal: nil)
        #expect(byVariable.mode == .iterm && byVariable.isForced)
        let byFlag = try TerminalCapabilities.detect(environment: ["TERM": "xterm", "SNAPTERM_GRAPHICS": "iterm"], terminal: nil, forced: .kitty)
        #expect(byFlag.mode == .kitty)
    }

    @Test func repliesAreFoundAmongKeysAndAnIncompleteAPCIsIgnored() {
        let replies = DeviceReplies(parsing: Array("j\u{1B}_Gi=31;OK\u{1B}\\k\u{1B}[?62;c".utf8))
        #expect(replies.supportsKittyGraphics && replies.deviceAttributes == [62, 0])
        #expect(DeviceReplies(parsing: Array("\u{1B}_Gi=31;OK".utf8)).kittyGraphicsReply == nil)
        #expect(DeviceReplies(parsing: Array("\u{1B}_Gi=7;OK\u{1B}\\".utf8)).kittyGraphicsReply == nil)  // not our query's id
    }
}
