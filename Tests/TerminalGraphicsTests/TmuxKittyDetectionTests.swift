// TmuxKittyDetectionTests: inside tmux the kitty query goes through passthrough — kitty answering means kitty
// placeholders; passthrough off or an outer terminal that stays silent keeps text art; --graphics kitty forces it.
import Foundation
import TerminalGraphics
import Testing

@Suite struct TmuxKittyDetectionTests {
    private let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
    private let tmuxDA1 = "\u{1B}[?1;2c"
    private let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "tmux"]

    @Test func theQueryTravelsWrappedForTmuxAndAKittyAnswerMeansPlaceholders() throws {
        // Given tmux (answers DA1 at once) inside kitty, whose reply comes after tmux's DA1
        let terminal = FakeTerminal(reply: tmuxDA1, late: kittyOK)
        // When detecting
        let found = try TerminalCapabilities.detect(environment: tmux, terminal: terminal)
        // Then kitty graphics is chosen, as placeholders
        #expect(found.mode == .kitty && found.kittyGraphics && found.usesKittyPlaceholders && found.multiplexer == .tmux)
        #expect(found.summary.hasSuffix("placeholders=true"))
        // And the query went wrapped (ESC doubled) before tmux's own DA1
        let written = String(decoding: terminal.written, as: UTF8.self)
        #expect(written.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\u{1B}\\\u{1B}\\"))
        #expect(written.hasSuffix("\u{1B}[c"))
    }

    @Test func aKittyAnswerInTheSameReadAsDA1IsEnough() throws {
        let terminal = FakeTerminal(reply: tmuxDA1 + kittyOK)
        let found = try TerminalCapabilities.detect(environment: tmux, terminal: terminal)
        #expect(found.usesKittyPlaceholders && terminal.waited == .zero)
    }

    @Test func passthroughOffMeansTextArtAfterOneShortExtraWait() throws {
        // Given tmux with allow-passthrough off: the query is dropped, only tmux's DA1 comes
        let terminal = FakeTerminal(reply: tmuxDA1)
        let found = try TerminalCapabilities.detect(environment: tmux, terminal: terminal)
        // Then text art, as before, after waiting at most the grace period for the kitty reply
        #expect(found.mode == .symbols && !found.kittyGraphics && !found.usesKittyPlaceholders)
        #expect(terminal.waited >= TerminalCapabilities.passthroughGrace && !found.repliesMayArriveLate)
    }

    @Test func aTmuxSlowToAnswerGivesTheOuterTerminalLongerToo() {
        // tmux answering at once: the grace; tmux answering in 200 ms (a loaded machine): twice that
        #expect(TerminalCapabilities.passthroughWait(afterDA1Took: .milliseconds(5)) == TerminalCapabilities.passthroughGrace)
        #expect(TerminalCapabilities.passthroughWait(afterDA1Took: .milliseconds(200)) == .milliseconds(400))
    }

    @Test func anOuterTerminalWithoutKittyGraphicsMeansTextArt() throws {
        // Given tmux inside xterm: xterm ignores the passed-through query
        let terminal = FakeTerminal(reply: tmuxDA1, late: "")
        let found = try TerminalCapabilities.detect(environment: tmux.merging(["KITTY_WINDOW_ID": "1"]) { $1 }, terminal: terminal)
        #expect(found.mode == .symbols && !found.usesKittyPlaceholders)
    }

    @Test func noAnswerAtAllIsTextArtAndALateReplyMarked() throws {
        let terminal = FakeTerminal(reply: nil)
        let found = try TerminalCapabilities.detect(environment: tmux, terminal: terminal, timeout: .milliseconds(40))
        #expect(found.mode == .symbols && found.repliesMayArriveLate && !found.usesKittyPlaceholders)
        #expect(terminal.waited == .milliseconds(40))
    }

    @Test func forcedKittyInsideTmuxUsesPlaceholdersButScreenDoesNot() throws {
        let forced = try TerminalCapabilities.detect(environment: tmux, terminal: nil, forced: .kitty)
        #expect(forced.usesKittyPlaceholders && forced.isForced)
        let screen = try TerminalCapabilities.detect(environment: ["TERM": "screen", "STY": "1.pts"], terminal: nil, forced: .kitty)
        #expect(screen.mode == .kitty && !screen.usesKittyPlaceholders)
        let direct = try TerminalCapabilities.detect(environment: ["TERM": "xterm-kitty"], terminal: FakeTerminal(reply: kittyOK + "\u{1B}[?62;c"))
        #expect(direct.mode == .kitty && !direct.usesKittyPlaceholders)
    }

    @Test func eachChunkOfATransmissionIsWrappedOnItsOwn() {
        // Given a transmission of two chunks (4096 + 4 base64 bytes) and a virtual placement
        let png = Data(repeating: 0xAB, count: 3075)
        let commands = KittyGraphics.transmit(id: 9, payload: .png(png)) + KittyGraphics.placeVirtual(id: 9, columns: 26, rows: 6)
        let wrapped = TmuxPassthrough.wrapEach(commands)
        // Then three passthrough sequences, each the wrap of one command: the golden is built chunk by chunk
        let base64 = png.base64EncodedString()
        let golden = TmuxPassthrough.wrap(Data("\u{1B}_Ga=t,t=d,f=100,i=9,q=2,m=1;\(base64.prefix(4096))\u{1B}\\".utf8))
            + TmuxPassthrough.wrap(Data("\u{1B}_Gq=2,m=0;\(base64.dropFirst(4096))\u{1B}\\".utf8))
            + Data("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,U=1,i=9,c=26,r=6,q=2\u{1B}\u{1B}\\\u{1B}\\".utf8)
        #expect(base64.count == 4100)
        #expect(wrapped == golden)
        #expect(String(decoding: wrapped, as: UTF8.self).components(separatedBy: "\u{1B}Ptmux;").count == 4)
    }
}

/// Which outer terminals draw placeholders, by the name tmux learnt from them (`#{client_termtype}`).
@Suite struct OuterTerminalPlaceholderTests {
    @Test func kittyFrom028DrawsPlaceholdersOlderKittyAndWezTermDoNot() {
        #expect(TerminalCapabilities.drawsKittyPlaceholders(termType: "kitty(0.26.5)") == false)
        #expect(TerminalCapabilities.drawsKittyPlaceholders(termType: "kitty(0.27.1)\n") == false)
        #expect(TerminalCapabilities.drawsKittyPlaceholders(termType: "kitty(0.28.0)") == true)
        #expect(TerminalCapabilities.drawsKittyPlaceholders(termType: "kitty(0.35.2)") == true)
        #expect(TerminalCapabilities.drawsKittyPlaceholders(termType: "kitty(1.0)") == true)
        #expect(TerminalCapabilities.drawsKittyPlaceholders(termType: "WezTerm 20240203-110809-5046fc22") == false)
        #expect(TerminalCapabilities.drawsKittyPlaceholders(termType: "ghostty 1.1.0") == nil)
        #expect(TerminalCapabilities.drawsKittyPlaceholders(termType: "") == nil)
    }

    @Test func fallingBackKeepsTextArtUnlessKittyWasForced() throws {
        let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        let detected = try TerminalCapabilities.detect(environment: tmux, terminal: FakeTerminal(reply: "\u{1B}[?1;2c\u{1B}_Gi=31;OK\u{1B}\\"))
        let fallback = detected.withoutKittyGraphics()
        #expect(detected.usesKittyPlaceholders && fallback.mode == .symbols && !fallback.usesKittyPlaceholders)
        let forced = try TerminalCapabilities.detect(environment: tmux, terminal: nil, forced: .kitty)
        #expect(forced.withoutKittyGraphics() == forced)
    }
}
