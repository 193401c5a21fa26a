// TmuxOuterKittyTests: detection through tmux with a stand-in outer terminal — kitty ≥ 0.28 answering through
// passthrough gets placeholders (and really receives the images, unwrapped, and the ids as colours); passthrough
// off, or kitty 0.26, keeps text art.
import Foundation
import TerminalGraphics
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TmuxOuterKittyTests {
    /// Starts Snapterm with detection (no forced mode) in a pane shown by a fake outer terminal.
    private func run(passthrough: Bool, version: String) async throws -> (screen: [String], outer: Data) {
        let fixture = try E2EFixture()
        try await fixture.tmux.setOption("allow-passthrough", passthrough ? "on" : "off")
        let outer = try FakeOuterTerminal(socket: fixture.tmux.socket, columns: 100, rows: 33, version: version)
        defer { outer.stop() }
        // The client attaches, and tmux learns its name from its XTVERSION reply
        try await Self.wait("the client's name from tmux") {
            (try? await fixture.tmux.clients("#{client_termtype}")) == [version]
        }
        try await fixture.tmux.runReportingExit("env -u SNAPTERM_GRAPHICS \(CommandRunner.binary.path)")
        let screen = try await fixture.tmux.waitFor { $0.contains { $0.contains("#1 of ") } && $0.contains { $0.contains("blank 0/") } }
        // tmux has drawn that screen on the outer terminal too: its output has gone quiet
        var seen = -1
        try await Self.wait("outer terminal quiet", every: 400) {
            let now = outer.received.count
            defer { seen = now }
            return now == seen
        }
        let received = outer.received
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
        return (screen, received)
    }

    @Test func kittyFrom028AnsweringThroughPassthroughGetsPlaceholdersAndTheImages() async throws {
        let (screen, outer) = try await run(passthrough: true, version: "kitty(0.35.2)")
        // Then the app chose kitty
        #expect(screen[0].hasSuffix("kitty"), "header: \(screen[0])")
        let text = String(decoding: outer, as: UTF8.self)
        // And the outer terminal got the images unwrapped (tmux took the passthrough off), each with a virtual placement
        let transmitted = Self.numbers(after: "\u{1B}_Ga=t,t=d,f=100,i=", in: text)
        let virtual = Set(Self.numbers(after: "\u{1B}_Ga=p,U=1,i=", in: text))
        #expect(transmitted.count >= 4 && Set(transmitted) == virtual)
        #expect(!text.contains("\u{1B}\u{1B}_G") && !text.contains("Ptmux;"))
        // And tmux drew the placeholders for it in each image's own colour (24-bit, as sent)
        let coloured = Set(Self.placeholderColours(in: text))
        #expect(!coloured.isEmpty && coloured.isSubset(of: virtual), "colours \(coloured) vs ids \(virtual)")
        #expect(virtual.isSubset(of: coloured), "every image placed on screen has placeholder cells")
    }

    @Test(arguments: [(false, "kitty(0.35.2)"), (true, "kitty(0.26.5)")])
    func passthroughOffOrAnOldKittyKeepsTextArt(passthrough: Bool, version: String) async throws {
        let (screen, outer) = try await run(passthrough: passthrough, version: version)
        #expect(screen[0].hasSuffix("symbols"), "header: \(screen[0])")
        let text = String(decoding: outer, as: UTF8.self)
        #expect(!text.contains("a=t,") && !text.unicodeScalars.contains(KittyPlaceholder.character))
    }

    struct TimedOut: Error { var what: String }

    /// Polls `condition` every `interval` ms for up to 15 s.
    static func wait(_ what: String, every interval: Int = 50, _ condition: () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(15)
        while try await !condition() {
            guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
            try await Task.sleep(for: .milliseconds(interval))
        }
    }

    /// The numbers right after each `prefix` in `text`.
    static func numbers(after prefix: String, in text: String) -> [Int] {
        text.components(separatedBy: prefix).dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
    }

    /// The 24-bit foreground colours set right before a placeholder character.
    static func placeholderColours(in text: String) -> [Int] {
        text.components(separatedBy: "\u{10EEEE}").dropLast().compactMap { before in
            guard let start = before.range(of: "\u{1B}[38", options: .backwards) else { return nil }
            let body = before[start.upperBound...].prefix { $0 != "m" }
            let parts = body.split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap { Int($0) }
            guard parts.count >= 4, parts[0] == 2 else { return nil }
            let rgb = parts.suffix(3)
            return rgb[rgb.startIndex] << 16 | rgb[rgb.startIndex + 1] << 8 | rgb[rgb.startIndex + 2]
        }
    }
}
