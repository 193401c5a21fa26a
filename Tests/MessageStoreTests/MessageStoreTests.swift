// The message store: migrations, round trips, one draft per conversation, exactly-once sends.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct MessageStoreTests {
    private let photo = URL(string: "asset://?crop=0,0,1,1&filter=mono&id=p-1&mode=fit&rotate=90")!
    private let place = URL(string: "map://?latitude=59.9&longitude=30.3")!

    @Test func migratesAnEmptyFileAndReopens() throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("nested/messages.sqlite").path
        do {
            let store = try MessageStore(path: path)
            #expect(try store.isEmpty)
            try store.createConversation(title: "Ada")
        }
        let reopened = try MessageStore(path: path)
        #expect(try reopened.conversations().map(\.conversation.title) == ["Ada"])
    }

    @Test func messagesAndAttachmentsRoundTripInOrder() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let chat = try store.createConversation(title: "Grace")
        let id = try #require(chat.id)
        try store.receive(text: "Look at this", attachments: [place], in: id, at: Date(timeIntervalSince1970: 100))
        try store.send(Draft(text: "Nice! Here is mine", attachments: [photo, place]), in: id)
        let messages = try store.messages(in: id)
        #expect(messages.map(\.text) == ["Look at this", "Nice! Here is mine"])
        #expect(messages.map(\.state) == [.received, .sent])
        #expect(messages[1].attachments == [photo, place])
        #expect(try store.conversations().first?.lastMessage?.text == "Nice! Here is mine")
    }

    @Test func draftsAreSavedPerConversationAndClearedBySending() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let a = try #require(try store.createConversation(title: "A").id)
        let b = try #require(try store.createConversation(title: "B").id)
        try store.saveDraft(Draft(text: "half-written ✍️ 日本語", attachments: [photo]), for: a)
        try store.saveDraft(Draft(text: "other"), for: b)
        try store.saveDraft(Draft(text: "half-written ✍️ 日本語 more", attachments: [photo, place]), for: a)
        #expect(try store.draft(for: a) == Draft(text: "half-written ✍️ 日本語 more", attachments: [photo, place]))
        #expect(try store.conversations().first { $0.conversation.id == a }?.hasDraft == true)
        try store.send(store.draft(for: a), in: a)
        #expect(try store.draft(for: a) == Draft())
        #expect(try store.draft(for: b).text == "other")
    }

    @Test func sendingTwiceWithOneKeyStoresTheMessageOnce() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let id = try #require(try store.createConversation(title: "A").id)
        let key = UUID()
        let first = try store.send(Draft(text: "once"), in: id, key: key)
        let second = try store.send(Draft(text: "once"), in: id, key: key)
        #expect(first.id == second.id)
        #expect(try store.messages(in: id).count == 1)
    }

    @Test func concurrentWritesAllLand() async throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let id = try #require(try store.createConversation(title: "Busy").id)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<200 {
                group.addTask {
                    if i % 2 == 0 {
                        try store.send(Draft(text: "m\(i)", attachments: [self.place]), in: id)
                    } else {
                        try store.saveDraft(Draft(text: "d\(i)"), for: id)
                        _ = try store.messages(in: id)
                    }
                }
            }
            try await group.waitForAll()
        }
        let messages = try store.messages(in: id)
        #expect(messages.count == 100)
        #expect(Set(messages.map(\.text)).count == 100)
        #expect(messages.allSatisfy { $0.attachments == [place] })
    }

    @Test func unknownConversationIsATypedError() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        #expect(throws: MessageStoreError.unknownConversation(42)) { try store.send(Draft(text: "x"), in: 42) }
    }

    @Test func defaultLocationFollowsXDG() {
        #expect(MessageStore.defaultLocation(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"])?.path == "/d/snapterm/messages.sqlite")
        #expect(MessageStore.defaultLocation(environment: ["HOME": "/h"])?.path == "/h/.local/share/snapterm/messages.sqlite")
    }
}
