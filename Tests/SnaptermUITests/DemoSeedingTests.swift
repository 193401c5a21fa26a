// Demo seeding is one transaction: four processes starting at once on an empty database seed it
// once (not four times, not a half-seeded mix).
import Foundation
import MessageStore
import SchemeLoader
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

    @Test func aDemoPhotoTurnedAQuarterIsSaidToLieOnItsSide() throws {
        // The demo's photos are all upright landscape pictures: a quarter turn lays one on its side, which the
        // message must say (it said "turned the right way up" under a rocket lying on its side).
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("messages.sqlite").path)
        try DemoConversations.seedIfEmpty(store, photoID: { _ in "p-80c68192" }, fileImage: nil)
        var turned = 0
        for summary in try store.conversations() {
            for message in try store.messages(in: try #require(summary.conversation.id)) {
                let quarter = message.attachments.compactMap { try? AssetURL(url: $0) }.contains { $0.rotate % 180 == 90 }
                #expect(!message.text.contains("right way up"), "\(message.text)")
                if quarter {
                    turned += 1
                    #expect(message.text.contains("on its side"), "\(message.text)")
                }
            }
        }
        #expect(turned == 1)
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
