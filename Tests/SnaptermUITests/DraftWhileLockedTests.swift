// With the message database write-locked by another process, the conversation stays live: keys show at
// once, the status line says the draft (or message) waits and why, and it lands when the lock goes.
import Foundation
import MessageStore
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct DraftWhileLockedTests {
    private let area = CellRect(row: 1, column: 0, rows: 30, columns: 120)

    private func writingScreen(_ fixture: MessageFixture) -> ConversationScreen {
        let screen = ConversationScreen(id: fixture.conversation, title: "Ada", store: fixture.store,
                                        loader: fixture.state.loader, box: fixture.state.box(columns: 16, rows: 4),
                                        writer: fixture.state.messageWriter)
        screen.layout(in: area)
        _ = screen.handle(.character("i"))
        return screen
    }

    private func drawn(_ screen: ConversationScreen) -> String {
        let canvas = MemoryCanvas(rows: 32, columns: 120)
        _ = screen.draw(on: canvas, area: area, options: DrawOptions())
        return canvas.lines.joined(separator: "\n")
    }

    @Test func givenTheDatabaseLockedWhenTypingThenKeysShowAtOnceTheStatusSaysWhyAndTheDraftLandsAfter() async throws {
        let fixture = try MessageFixture()
        let screen = writingScreen(fixture)
        let holder = try await DatabaseLockHolder(path: fixture.store.path)

        // When a sentence is typed while the other process holds the lock
        let typed = "typed while locked"
        var slowest = Duration.zero
        for character in typed {
            let start = ContinuousClock.now
            #expect(screen.handle(.character(character)) == .none)
            slowest = max(slowest, ContinuousClock.now - start)
        }

        // Then every key was handled without waiting for the lock (5 s each before), the text is on
        // screen, and the status line says the draft waits and why
        #expect(slowest < .seconds(MessageStore.busyTimeout), "a key waited \(slowest) (waiting for the lock takes the whole busy timeout)")
        let screenText = drawn(screen)
        #expect(screenText.contains("✎ \(typed)"))
        #expect(screenText.contains("draft not saved yet: the message database is locked by another process — kept, retrying"),
                "\(screenText)")
        #expect(try fixture.store.draft(for: fixture.conversation).text == "")

        // And when the lock goes, the draft in the database is the typed text and the status clears
        try await holder.release()
        #expect(await UIFixtures.eventually(timeout: .seconds(30)) {
            (try? fixture.store.draft(for: fixture.conversation).text) == typed && screen.composer.saveStatus == nil
        })
        #expect(!drawn(screen).contains("not saved yet"))
        #expect(fixture.composer().editor.text == typed, "a new composer (a restart) finds the text")
    }

    @Test func givenTheDatabaseLockedWhenSendingThenTheMessageShowsAsSendingAndIsStoredOnceAfter() async throws {
        let fixture = try MessageFixture()
        let screen = writingScreen(fixture)
        for character in "hello" { _ = screen.handle(.character(character)) }
        let holder = try await DatabaseLockHolder(path: fixture.store.path)

        #expect(screen.handle(.enter) == .none)

        // The message is kept and shown as sending; the input is free for the next one
        #expect(screen.composer.editor.text.isEmpty)
        #expect(screen.composer.pendingSends.map(\.text) == ["hello"])
        let screenText = drawn(screen)
        #expect(screenText.contains("You · sending…"), "\(screenText)")
        #expect(screenText.contains("1 message not sent yet: the message database is locked by another process"))
        #expect(try fixture.store.messages(in: fixture.conversation).isEmpty)

        try await holder.release()
        #expect(await UIFixtures.eventually(timeout: .seconds(30)) {
            (try? fixture.store.messages(in: fixture.conversation).map(\.text)) == ["hello"] && screen.composer.pendingSends.isEmpty
        })
        #expect(await UIFixtures.eventually(timeout: .seconds(30)) { !drawn(screen).contains("sending…") }, "the list shows the stored message")
        #expect(try fixture.store.draft(for: fixture.conversation) == Draft())
    }
}
