// While another process holds the database's write lock, drafts and sends are kept and retried — the
// caller never waits for the lock — and land, the latest draft text winning, once it lets go.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct LockedWritesTests {
    private struct Fixture {
        let folder: TemporaryDirectory
        let path: String
        let store: MessageStore
        let chat: Int64
        let writer: MessageWriter

        init() throws {
            folder = try TemporaryDirectory()
            path = folder.appending("m.sqlite").path
            store = try MessageStore(path: path)
            chat = try #require(try store.createConversation(title: "A").id)
            writer = MessageWriter(store: store)
        }
    }

    @Test func givenTheLockHeldWhenDraftsAreSavedThenEachCallReturnsAtOnceAndTheLatestLandsAfterTheLockGoes() async throws {
        // Given another process (sqlite3) holding the write lock
        let fixture = try Fixture()
        let holder = try await DatabaseLockHolder(path: fixture.path)

        // When a draft is saved key by key meanwhile
        var slowest = Duration.zero
        for text in ["h", "he", "hel", "hell", "hello"] {
            let start = ContinuousClock.now
            #expect(!fixture.writer.saveDraft(Draft(text: text), for: fixture.chat), "nothing can be written while locked")
            slowest = max(slowest, ContinuousClock.now - start)
        }

        // Then no call waited for the lock (the busy timeout is 5 s), the saves were merged into one that
        // waits and says why, and the database still has the old draft
        // A save that waited for the lock would have taken the whole busy timeout: the lock is held throughout.
        #expect(slowest < .seconds(MessageStore.busyTimeout), "a save waited \(slowest)")
        #expect(fixture.writer.status == .waiting(reason: .locked(path: fixture.path)))
        #expect(fixture.writer.pending.map(\.draft.text) == ["hello"])
        #expect(fixture.writer.pendingDraft(for: fixture.chat)?.text == "hello")
        #expect(try fixture.store.draft(for: fixture.chat).text == "")

        // And when the other process lets go, the latest text is what lands
        try await holder.release()
        let writer = fixture.writer
        #expect(try await OffPool.run { writer.flush(timeout: 30) })
        #expect(try fixture.store.draft(for: fixture.chat).text == "hello")
        #expect(fixture.writer.status == .current)
        #expect(fixture.writer.pending.isEmpty)
    }

    @Test func givenTheLockHeldWhenAMessageIsSentThenItIsKeptAndStoredOnceInOrderWithTheNextDraft() async throws {
        let fixture = try Fixture()
        #expect(fixture.writer.saveDraft(Draft(text: "see you"), for: fixture.chat), "free: written at once")
        let holder = try await DatabaseLockHolder(path: fixture.path)

        // When the draft is sent, and a new one typed, while locked
        #expect(fixture.writer.send(Draft(text: "see you"), in: fixture.chat) == nil, "pending, not lost")
        fixture.writer.saveDraft(Draft(text: "and"), for: fixture.chat)
        fixture.writer.saveDraft(Draft(text: "and then"), for: fixture.chat)
        #expect(fixture.writer.pending.map(\.kind) == [.send, .saveDraft])
        #expect(fixture.writer.pendingDraft(for: fixture.chat)?.text == "and then")
        #expect(try fixture.store.messages(in: fixture.chat).isEmpty)

        // Then after the lock goes the message is stored once and the new draft follows it
        try await holder.release()
        let writer = fixture.writer
        #expect(try await OffPool.run { writer.flush(timeout: 30) })
        #expect(try fixture.store.messages(in: fixture.chat).map(\.text) == ["see you"])
        #expect(try fixture.store.draft(for: fixture.chat).text == "and then")
    }

    @Test func givenTheLockNeverGoesWhenFlushingThenItGivesUpInTimeAndKeepsTheWrites() async throws {
        let fixture = try Fixture()
        let holder = try await DatabaseLockHolder(path: fixture.path)
        fixture.writer.saveDraft(Draft(text: "unsaved"), for: fixture.chat)
        let writer = fixture.writer
        // The lock is held until after the flush: it returning at all (false) is the bound at work.
        #expect(try await OffPool.run { writer.flush(timeout: 0.5) } == false)
        #expect(fixture.writer.pending.map(\.draft.text) == ["unsaved"], "kept for the caller to report")
        try await holder.release()
        #expect(try await OffPool.run { writer.flush(timeout: 30) })
    }
}
