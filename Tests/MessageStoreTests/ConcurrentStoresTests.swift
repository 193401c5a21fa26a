// Four stores on one database file (four processes' connections) writing drafts and sending at
// the same time: no write fails for a lock, no draft is lost, every send lands once.
import Foundation
import MessageStore
import TestSupport
import Testing

@Suite struct ConcurrentStoresTests {
    @Test func fourConnectionsWritingAtOnceLoseNothing() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let setup = try MessageStore(path: path)
        let chats = try (0..<4).map { try #require(try setup.createConversation(title: "C\($0)").id) }
        let stores = try (0..<4).map { _ in try MessageStore(path: path) }

        // When each connection types 40 draft versions into its conversation and sends every tenth
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    try await OffPool.run {
                        for step in 1...40 {
                            try store.saveDraft(Draft(text: "draft \(index) step \(step)"), for: chats[index])
                            if step % 10 == 0 { try store.send(store.draft(for: chats[index]), in: chats[index]) }
                        }
                        try store.saveDraft(Draft(text: "last words \(index)"), for: chats[index])
                    }
                }
            }
            try await group.waitForAll()
        }

        // Then every conversation has its four sends once and its last draft
        for (index, chat) in chats.enumerated() {
            #expect(try setup.messages(in: chat).map(\.text) == [10, 20, 30, 40].map { "draft \(index) step \($0)" })
            #expect(try setup.draft(for: chat).text == "last words \(index)")
        }
    }
}
