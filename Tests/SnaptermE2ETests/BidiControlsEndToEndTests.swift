// End to end in tmux: a file name and a message holding bidirectional controls (U+202E, which would reverse
// what follows it) are shown escaped as `<U+202E>` — and no byte the app writes to the terminal carries one raw.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct BidiControlsEndToEndTests {
    /// The bidirectional controls a name or message could hold, and their UTF-8 bytes.
    static let controls: [Unicode.Scalar] = ["\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}",
                                             "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]

    @Test func aFileNameAndAMessageWithBidiControlsAreShownEscaped() async throws {
        // Given a folder with a picture whose name holds U+202E, and a received message holding U+202E and U+2067
        let fixture = try E2EFixture()
        let pictures = fixture.folder.appending("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let photo = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg"))
        try photo.write(to: pictures.appendingPathComponent("a\u{202E}b.jpg"))
        let store = try MessageStore(path: fixture.databasePath)
        let chat = try #require(try store.createConversation(title: "Mallory").id)
        try store.receive(text: "pay \u{202E}01$ \u{2067}now\u{2069} ok", in: chat, at: Date())

        // When snapterm shows them, with every byte it writes to the terminal recorded (script(1) in between)
        let typescript = fixture.folder.appending("typescript")
        try await fixture.tmux.runReportingExit(
            "script -qfec \"\(CommandRunner.binary.path) '\(pictures.path)'\" '\(typescript.path)'")

        // Then the gallery's caption and status line show the name's control escaped
        let gallery = try await fixture.tmux.waitFor { $0.contains { $0.contains("1 of 1 · a<U+202E>b.jpg") } }
        #expect(gallery.contains { $0.contains("▶ a<U+202E>b.jpg") }, "caption: \(gallery)")
        // And the conversation shows the message's controls escaped
        try await fixture.tmux.send("Tab")
        try await fixture.tmux.waitFor("[Places]")
        try await fixture.tmux.send("Tab")
        try await fixture.tmux.waitFor("Mallory")
        try await fixture.tmux.send("Enter")
        let conversation = try await fixture.tmux.waitFor("pay <U+202E>01$ <U+2067>now<U+2069> ok")
        let screen = (gallery + conversation).joined()
        #expect(!screen.unicodeScalars.contains { Self.controls.contains($0) }, "a raw bidi control on the screen")
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")

        // And none of the bytes the app wrote holds a bidi control
        let written = try Data(contentsOf: typescript)
        #expect(written.count > 1000, "the typescript recorded the session")
        for control in Self.controls {
            let bytes = Data(String(control).utf8)
            #expect(written.range(of: bytes) == nil, "U+\(String(control.value, radix: 16, uppercase: true)) written raw")
        }
    }
}
