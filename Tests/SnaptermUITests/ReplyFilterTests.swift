// ReplyFilterTests: terminal replies that arrive late are never read as keys; real keys pass unchanged.
import SnaptermUI
import Testing

@Suite struct ReplyFilterTests {
    /// Bytes as ncurses hands them over when it does not know the sequence: an Escape, then characters.
    private func keys(_ text: String) -> [Key] {
        text.map { $0 == "\u{1B}" ? .escape : .character($0) }
    }

    private func run(_ input: [Key?]) -> [Key] {
        var filter = ReplyFilter()
        return input.flatMap { filter.feed($0) } + filter.feed(nil)
    }

    @Test(arguments: ["\u{1B}[?62;c", "\u{1B}[?63;1;2;4;6;9;15;22c", "\u{1B}_Gi=31;OK\u{1B}\\", "\u{1B}[6;13;6t",
                      "\u{1B}_Gi=31;ENOTSUPPORTED:x\u{1B}\\"])
    func aLateReplyProducesNoKeys(reply: String) {
        // Given a reply arriving in the middle of typing (the `?` would open the keys overlay)
        let seen = run(keys("j") + keys(reply) + keys("k"))
        // Then only the typed keys get through
        #expect(seen == [.character("j"), .character("k")])
    }

    @Test func aLoneEscapeIsGivenBackWhenNoMoreInputCame() {
        var filter = ReplyFilter()
        #expect(filter.feed(.escape).isEmpty && filter.isHolding)
        #expect(filter.feed(nil) == [.escape])
        #expect(!filter.isHolding)
    }

    @Test func escapeFollowedByOtherKeysIsNotSwallowed() {
        #expect(run(keys("\u{1B}q")) == [.escape, .character("q")])
        #expect(run(keys("\u{1B}[A")) == keys("\u{1B}[A"))       // not a reply: given back in order
        #expect(run(keys("\u{1B}_x")) == keys("\u{1B}_x"))
        #expect(run([.escape, .character("["), .down]) == [.escape, .character("["), .down])
    }

    @Test(arguments: [600, 5000, 100_000])
    func aLongKittyReplyIsSwallowedWhateverItsLength(length: Int) {
        // Given a kitty error reply far longer than any length cut-off (it once opened the help overlay)
        let reply = "\u{1B}_Gi=31;ENOTSUPPORTED:" + String(repeating: "?", count: length) + "\u{1B}\\"
        // Then it produces no keys, and the keys typed around it get through
        #expect(run(keys("j") + keys(reply) + keys("k")) == [.character("j"), .character("k")])
    }

    @Test(arguments: ["\u{1B}]11;rgb:0000/0000/0000\u{07}", "\u{1B}]10;rgb:ffff/ffff/ffff\u{1B}\\",
                      "\u{1B}P>|kitty(0.26.5)\u{1B}\\", "\u{1B}[>1;4000;29c", "\u{1B}[4;600;800t"])
    func otherRepliesAreSwallowedByTheirGrammar(reply: String) {
        #expect(run(keys("j") + keys(reply) + keys("?")) == [.character("j"), .character("?")])
    }

    @Test func aStringTheTerminalNeverClosesEndsWhenTheInputGoesQuiet() {
        // Given the start of a long kitty reply that never ends, then a pause, then a key
        var filter = ReplyFilter()
        let seen = keys("\u{1B}_G" + String(repeating: "a", count: 600)).flatMap { filter.feed($0) }
        // Then nothing of it became keys, and after the pause keys pass again
        #expect(seen.isEmpty)
        #expect(filter.feed(nil).isEmpty && !filter.isHolding)
        #expect(filter.feed(.character("q")) == [.character("q")])
    }
}
