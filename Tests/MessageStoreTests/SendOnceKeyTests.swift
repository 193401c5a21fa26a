// The send-once key belongs to the draft (saved with it), not to the call: a retried send of the
// same draft — by this process after an unclear failure, or by another process that had the draft
// open — stores the message once.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct SendOnceKeyTests {
    @Test func aRetriedSendOfTheSameDraftIsStoredOnce() throws {
        // Given a saved draft, read back with its key
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let chat = try #require(try store.createConversation(title: "A").id)
        let key = try store.saveDraft(Draft(text: "hello"), for: chat)
        let draft = try store.draft(for: chat)
        #expect(draft.sendKey != nil && draft.sendKey == key)

        // When it is sent, and the same draft is sent again (the caller never saw the answer)
        let first = try store.send(draft, in: chat)
        let retried = try store.send(draft, in: chat)

        // Then there is one message
        #expect(first.id == retried.id)
        #expect(try store.messages(in: chat).map(\.text) == ["hello"])
    }

    @Test func twoProcessesSendingOneDraftStoreItOnce() throws {
        // Given two stores on one file (two snapterm processes), both showing the same draft
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let one = try MessageStore(path: path)
        let chat = try #require(try one.createConversation(title: "A").id)
        try one.saveDraft(Draft(text: "see you at noon"), for: chat)
        let two = try MessageStore(path: path)
        let seenByOne = try one.draft(for: chat)
        let seenByTwo = try two.draft(for: chat)

        // When both send it
        try one.send(seenByOne, in: chat)
        try two.send(seenByTwo, in: chat)

        // Then it is stored once
        #expect(try one.messages(in: chat).count == 1)
    }

    @Test func theKeyStaysWhileEditingAndANewDraftAfterSendingGetsANewOne() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let chat = try #require(try store.createConversation(title: "A").id)
        let key = try store.saveDraft(Draft(text: "h"), for: chat)
        #expect(try store.saveDraft(Draft(text: "he"), for: chat) == key)
        #expect(try store.saveDraft(Draft(text: "hey"), for: chat) == key)
        let stale = try store.draft(for: chat)
        try store.send(stale, in: chat)

        // A draft saved after the send, even carrying the sent key, is a new message
        let next = try store.saveDraft(Draft(text: "and another", sendKey: stale.sendKey), for: chat)
        #expect(next != nil && next != key)
        try store.send(store.draft(for: chat), in: chat)
        #expect(try store.messages(in: chat).map(\.text) == ["hey", "and another"])
    }
}
