// End to end in tmux: `?` says what the keys do on the screen the user is on — the conversation's a l x R, the
// photo editor's r c f (its c crops there, so the app's "caching" c is not offered) — and what the status line's
// parts mean.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct HelpPerScreenEndToEndTests {
    @Test func questionMarkShowsTheKeysOfTheScreenAndTheStatusLine() async throws {
        let fixture = try E2EFixture()
        let tmux = fixture.tmux
        try await fixture.start()
        try await tmux.waitFor("[Places]")
        // On the places: the status line explained, and the keys everywhere
        try await tmux.send("?")
        let places = try await tmux.waitFor("Press ? or Esc to close.")
        #expect(places.contains { $0.contains("Keys here (Places)") })
        #expect(places.contains { $0.contains("blank 2/12") && $0.contains("still waiting for their picture") })
        #expect(places.contains { $0.contains("c") && $0.contains("caching on / off") })
        // In a conversation: its own keys
        try await tmux.send("Escape", "Tab")
        try await tmux.waitFor("[Messages]")
        try await tmux.send("Enter")
        try await tmux.waitFor("press i to write")
        try await tmux.send("?")
        let conversation = try await tmux.waitFor("Press ? or Esc to close.")
        #expect(conversation.contains { $0.contains("attach a photo") })
        #expect(conversation.contains { $0.contains("retry what failed: draft attachments") })
        // In the photo editor: r c f, and no caching c
        try await tmux.send("Escape", "a")
        try await tmux.waitFor("Pick a photo")
        try await tmux.send("Enter")
        try await tmux.waitFor("r rotate")
        try await tmux.send("?")
        let editor = try await tmux.waitFor("Press ? or Esc to close.")
        #expect(editor.contains { $0.contains("Keys here (Edit photo)") })
        #expect(editor.contains { $0.contains("crop: the next preset") })
        #expect(!editor.contains { $0.contains("caching on / off") })
        try await tmux.send("Escape", "Escape", "Escape", "Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }
}
