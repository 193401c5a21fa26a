// kill -9 at random keystrokes while writing a draft, in tmux: after each restart the database and the
// screen hold exactly what was typed up to the last keystroke drawn (never less, never garbled).
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct DraftKillAnyKeystrokeTests {
    /// The text on the input line (ASCII drafts: the line shows the text and then the cursor cell).
    private func inputText(_ lines: [String]) -> String? {
        guard let line = lines.first(where: { $0.hasPrefix("✎") }) else { return nil }
        return String(line.dropFirst()).trimmingCharacters(in: .whitespaces)
    }

    /// The draft saved for the conversation that holds one (there is one).
    private func savedDraft(_ fixture: E2EFixture) throws -> String {
        let store = try MessageStore(path: fixture.databasePath)
        return try store.conversations().map { try store.draft(for: $0.id).text }.first { !$0.isEmpty } ?? ""
    }

    @Test func theDraftSurvivesKillDashNineAtRandomKeystrokes() async throws {
        let fixture = try E2EFixture(columns: 120, rows: 32)
        let tmux = fixture.tmux
        var random = SeededGenerator(seed: 2026)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        var typed = ""
        for round in 0..<4 {
            try await fixture.openComposer()
            try await tmux.waitFor { inputText($0) == typed }
            let pid = try #require(try await fixture.appPID())
            let count = Int.random(in: 3...12, using: &random)
            let piece = String((0..<count).map { _ in alphabet.randomElement(using: &random)! })
            var drawn: String
            if round % 2 == 0 {
                // Keystroke by keystroke, each drawn before the next; the kill follows the last one drawn
                for character in piece {
                    try await tmux.type(String(character))
                    let expected = typed + String(character)
                    try await tmux.waitFor { inputText($0) == expected }
                    typed = expected
                }
                drawn = typed
            } else {
                // A burst, killed at once, wherever the app is in it: what was drawn is the floor
                try await tmux.type(piece)
                drawn = inputText(try await tmux.screen()) ?? typed
                typed += piece
            }
            kill(pid, SIGKILL)
            try await tmux.waitFor("EXIT=137")
            try await tmux.run("reset")
            // The database holds a prefix of what was typed, at least what was on screen
            let saved = try savedDraft(fixture)
            #expect(typed.hasPrefix(saved) && saved.count >= drawn.count, "round \(round): saved \(saved), drawn \(drawn), typed \(typed)")
            if round % 2 == 0 { #expect(saved == typed, "every drawn keystroke was saved") }
            typed = saved
            try await Task.sleep(for: .milliseconds(200))
        }
        // And after the last restart the screen shows it
        try await fixture.openComposer()
        try await tmux.waitFor { inputText($0) == typed }
        try await tmux.send("Escape", "Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }
}
