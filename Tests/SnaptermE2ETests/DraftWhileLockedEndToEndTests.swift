// The real binary in tmux with its message database write-locked by another process (sqlite3): typing
// shows at once, the status line says the draft waits, and the draft lands when the lock goes — or, on
// quitting while it is still held, the text is named on stderr instead of lost without a word.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct DraftWhileLockedEndToEndTests {
    /// The draft texts in the database, read by the sqlite3 shell (a process of its own).
    private func savedDrafts(_ fixture: E2EFixture) async throws -> String {
        let path = fixture.databasePath
        return try await OffPool.run { try Spawn.run("/usr/bin/sqlite3", [path, "SELECT text FROM draft"]).output }
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func givenTheDatabaseLockedWhenTypingThenTheTextShowsAtOnceAndIsSavedWhenTheLockGoes() async throws {
        let fixture = try E2EFixture(columns: 120, rows: 32)
        let tmux = fixture.tmux
        try await fixture.openComposer()
        let holder = try await DatabaseLockHolder(path: fixture.databasePath)

        // When keys are typed while another process holds the write lock
        try await tmux.type("typed while locked")

        // Then they show within a short wait (blocked, the 18 keys took 5 s each: 90 s), and the status
        // line says the draft waits
        try await tmux.waitFor("✎ typed while locked", timeout: .seconds(10))
        try await tmux.waitFor("draft not saved yet: the message database is locked")
        #expect(try await savedDrafts(fixture) == "")

        // And when the lock goes, the draft is saved and the hint is back; it is there after quitting
        try await holder.release()
        try await tmux.waitFor { $0.contains { $0.contains("Enter send") } && !$0.contains { $0.contains("not saved yet") } }
        try await tmux.send("Escape", "Escape", "q")
        try await tmux.waitFor("EXIT=0")
        #expect(try await savedDrafts(fixture) == "typed while locked")
    }

    @Test func givenTheLockStillHeldWhenQuittingThenStderrNamesTheUnsavedText() async throws {
        let fixture = try E2EFixture(columns: 160, rows: 32)
        let tmux = fixture.tmux
        try await fixture.openComposer()
        try await tmux.type("first")
        try await tmux.waitFor("✎ first")
        #expect(await eventuallySaved("first", fixture), "unlocked: saved as typed")
        let holder = try await DatabaseLockHolder(path: fixture.databasePath)
        try await tmux.type(" and more")
        try await tmux.waitFor("draft not saved yet")

        // When the app quits while the lock is still held
        try await tmux.send("Escape", "Escape", "q")

        // Then it waits a bounded time, exits, and says on stderr what was not saved, with its text;
        // the database keeps the draft as last saved
        let lines = try await tmux.waitFor(timeout: .seconds(20)) { $0.contains { $0.contains("EXIT=") } }
        let text = lines.joined(separator: "\n")
        #expect(text.contains("EXIT=0"), "\(text)")
        #expect(text.contains("not saved after waiting"), "\(text)")
        #expect(text.contains("draft of “") && text.contains(": first and more"), "\(text)")
        try await holder.release()
        #expect(try await savedDrafts(fixture) == "first")
    }

    private func eventuallySaved(_ text: String, _ fixture: E2EFixture) async -> Bool {
        for _ in 0..<200 {
            if (try? await savedDrafts(fixture)) == text { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}
