// Demo seeding is one transaction: four processes starting at once on an empty database seed it
// once (not four times, not a half-seeded mix).
import Foundation
import MessageStore
import SnaptermUI
import TestSupport
import Testing

@Suite struct DemoSeedingTests {
    @Test func fourStoresSeedingAtOnceSeedOnce() async throws {
        // Given four stores (four processes' connections) on one new database file
        let folder = try TemporaryDirectory()
        let path = folder.appending("messages.sqlite").path
        _ = try MessageStore(path: path)
        let stores = try (0..<4).map { _ in try MessageStore(path: path) }

        // When all four seed at the same moment, each on its own thread
        let start = DispatchTime.now() + .milliseconds(100)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in stores {
                group.addTask {
                    try await OffPool.run {
                        while DispatchTime.now() < start {}
                        try DemoConversations.seedIfEmpty(store, photoID: { _ in nil }, fileImage: nil)
                    }
                }
            }
            try await group.waitForAll()
        }

        // Then the demo is there once
        let titles = try stores[0].conversations().map(\.conversation.title).sorted()
        #expect(titles == ["Ada", "Grace", "Trip north"])
    }

    @Test func aFailingTransactionLeavesNothing() throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("messages.sqlite").path)
        struct Interrupted: Error {}
        #expect(throws: MessageStoreError.self) {
            try store.transaction { writes in
                try writes.createConversation(title: "half")
                throw Interrupted()
            }
        }
        #expect(try store.isEmpty)
    }
}
