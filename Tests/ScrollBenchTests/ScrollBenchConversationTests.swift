// The benchmark scrolls a conversation too: its photo rows are counted like the places' rows.
import Foundation
import MessageStore
import SchemeLoader
import ScrollBench
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ScrollBenchConversationTests {
    /// The fixtures' state plus a message store with one conversation of `rows` photo messages.
    private static func state(_ thumbnails: MockSchemeHandler, directory: URL, rows: Int) throws -> AppState {
        let base = try ScrollBenchFixtures.state(thumbnails: thumbnails, diskDirectory: directory)
        let store = try MessageStore(path: directory.appendingPathComponent("messages.sqlite").path)
        let id = try store.createConversation(title: "Photos").id ?? 0
        for row in 0..<rows {
            try store.receive(text: "photo \(row)", attachments: [URL(string: "asset://photo-\(row)?w=640")!], in: id,
                              at: Date(timeIntervalSince1970: 1_790_000_000 + Double(row)))
        }
        return AppState(loader: base.loader, graphics: base.graphics,
                        cellSize: base.cellSize, places: [], messages: store)
    }

    @Test func aWarmConversationScrollsFromItsOldestMessageWithNoWhiteSpot() async throws {
        // Given a conversation of 40 photo messages whose thumbnails are all in memory
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            try Self.state(MockSchemeHandler(scheme: "thumb"), directory: directory, rows: 40)
        }
        // When the benchmark scrolls it down 20 rows, one per frame
        let script = ScrollScript(pattern: .down, rows: 20, rowsPerSecond: nil)
        let result = try await benchmark.run(mode: .warmMemory, script: script, list: .conversation)
        // Then every key frame showed its visible photo rows, none blank, and no handler ran
        #expect(result.list == .conversation)
        #expect(result.keyFrames == 20)
        #expect(result.imageCellFrames >= 20 * 4, "4 or more photo rows fit above the composer")
        #expect(result.whiteSpotFrames == 0)
        #expect(result.gridWhiteSpotFrames == 0)
        #expect(result.loads == 0)
    }

    @Test func aStateWithoutConversationsIsATypedError() async throws {
        // Given a state with no message store
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            try ScrollBenchFixtures.state(thumbnails: MockSchemeHandler(scheme: "thumb"), diskDirectory: directory)
        }
        // When a conversation run is asked for / Then it fails naming the cause
        await #expect(throws: ScrollBenchError.self) {
            _ = try await benchmark.run(mode: .cold, script: ScrollScript(pattern: .down, rows: 5, rowsPerSecond: nil), list: .conversation)
        }
    }
}
