// End to end in tmux (text-art mode): write, attach and edit (rotate) a photo, send — the conversation
// shows it, named as rotated, with no failure; kill -9 in the middle of another draft; restart: the sent
// message is there once and the draft is intact. Hostile text is escaped.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct MessagesEndToEndTests {
    @Test func sendAPhotoThenSurviveKillDashNineMidDraft() async throws {
        let fixture = try E2EFixture()
        let tmux = fixture.tmux
        try await fixture.start()
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor("[Messages]")
        try await tmux.send("Enter")
        try await tmux.waitFor("press i to write")
        try await tmux.send("i")
        try await tmux.type("Hello from tmux 日本")
        try await tmux.send("Escape", "a")
        try await tmux.waitFor("Pick a photo")
        try await tmux.send("Enter")
        try await tmux.waitFor("r rotate")
        try await tmux.send("r", "f")
        try await tmux.waitFor("rotate 90° · crop whole · filter mono")
        try await tmux.send("Enter")
        try await tmux.waitFor("R retry")
        try await tmux.send("i", "Enter")
        // The conversation shows the sent message with its picture (text art here), named as the rotated,
        // filtered photo — and nothing failed
        let shown = try await tmux.waitFor(timeout: .seconds(30)) { lines in
            lines.contains { $0.contains("Hello from tmux 日本") } && lines.contains { $0.contains("You ·") }
                && lines.contains { $0.contains("photo · rotated 90° · mono") } && !lines.contains { $0.contains("loading") }
        }
        #expect(!shown.contains { $0.contains("✗") || $0.contains("failed") }, "\(shown)")

        try await tmux.type("unsent words")  // still writing: the input keeps focus after a send
        try await tmux.waitFor("unsent words")
        let pid = try #require(try await fixture.appPID())
        kill(pid, SIGKILL)
        try await tmux.waitFor("EXIT=137")
        try await tmux.run("reset")

        let store = try MessageStore(path: fixture.databasePath)
        let ada = try #require(try store.conversations().first { $0.conversation.title == "Ada" })
        let sent = try store.messages(in: ada.id).filter { $0.text == "Hello from tmux 日本" }
        #expect(sent.count == 1)
        let photo = try #require(sent.first?.attachments.first)
        #expect(photo.scheme == "asset" && photo.absoluteString.contains("filter=mono") && photo.absoluteString.contains("rotate=90"))
        #expect(try store.draft(for: ada.id).text == "unsent words")

        try await fixture.start()
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor("✎ draft")
        try await tmux.send("Enter")
        try await tmux.waitFor { lines in lines.contains { $0.contains("unsent words") } && lines.contains { $0.contains("Hello from tmux") } }
        try await tmux.send("q")
        try await tmux.waitFor("EXIT=0")
    }

    @Test func hostileMessageTextIsShownEscapedAndTheScreenStaysIntact() async throws {
        let fixture = try E2EFixture()
        let store = try MessageStore(path: fixture.databasePath)
        let chat = try #require(try store.createConversation(title: "Mallory").id)
        try store.receive(text: "owned \u{1B}]0;pwned\u{07} and \u{1B}[2J cleared?", in: chat, at: Date())
        try await fixture.start()
        try await fixture.tmux.waitFor("[Places]")
        try await fixture.tmux.send("Tab")
        try await fixture.tmux.waitFor("Mallory")
        try await fixture.tmux.send("Enter")
        let lines = try await fixture.tmux.waitFor("^[]0;pwned^G and ^[[2J cleared?")
        #expect(lines[0].contains("Snapterm"), "the header is still there: the clear-screen was not obeyed")
        #expect(try await fixture.tmux.paneValue("pane_title") != "pwned", "the title sequence was not obeyed")
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
    }

    @Test func aDamagedDatabaseIsReportedAndLeftUntouched() async throws {
        let fixture = try E2EFixture()
        let damaged = Data("this is not an SQLite database, but it is somebody's file".utf8)
        try FileManager.default.createDirectory(at: URL(fileURLWithPath: fixture.databasePath).deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        try damaged.write(to: URL(fileURLWithPath: fixture.databasePath))
        try await fixture.start()
        let lines = try await fixture.tmux.waitFor("EXIT=")
        #expect(lines.contains { $0.contains("snapterm: the message database") }, "a one-line reason: \(lines)")
        #expect(lines.contains { $0.contains("EXIT=1") })
        #expect(try Data(contentsOf: URL(fileURLWithPath: fixture.databasePath)) == damaged)
        #expect(try await fixture.terminalIsRestored())
    }
}
