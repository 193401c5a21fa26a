// In kitty mode a warm scroll transmits each picture once and then only moves placements: a few
// hundred bytes a frame, no white spots on the virtual terminal's grid.
import Foundation
import SchemeLoader
import ScrollBench
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@MainActor
@Suite struct ScrollBenchKittyTests {
    /// A 3 KB stand-in PNG for a 16 × 4-cell box (the virtual terminal does not decode it).
    static let picture = TerminalPicture.kitty(png: Data(repeating: 0x5A, count: 3_000), columns: 16, rows: 4)

    private func state(_ directory: URL?) throws -> AppState {
        let thumbnails = MockSchemeHandler(scheme: "thumb")
        thumbnails.stubAll(with: MockResponse(data: Self.picture.encoded))
        let configuration = SchemeLoaderConfiguration(diskDirectory: directory)
        return AppState(loader: try SchemeLoader(handlers: [thumbnails, MockSchemeHandler(scheme: "map")], configuration: configuration),
                        graphics: .kitty, cellSize: (8, 16), places: ScrollBenchFixtures.places)
    }

    @Test func aWarmScrollTransmitsEachPictureOnceAndMovesPlacements() async throws {
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { try self.state($0) }
        // Given 5 visible rows and a warm memory cache, when 20 keys scroll 20 rows down one by one
        let result = try await benchmark.run(mode: .warmMemory, script: ScrollScript(pattern: .down, rows: 20, rowsPerSecond: nil))
        // Then each newly exposed picture is transmitted once and no id is ever transmitted twice
        #expect(result.kittyTransmitted == 20)
        #expect(result.kittyRetransmitted == 0)
        // every visible picture moves by placement (5 a step) and the one that left is deleted
        #expect(result.kittyPlaced == 100)
        #expect(result.kittyDeleted == 20)
        // the grid shows a placement over every visible row's box
        #expect(result.gridWhiteSpotFrames == 0)
        // the wire: one 4 KB transmission (3 KB base64-encoded) per step plus small placement moves
        #expect(result.bytesPerFrame < 4_000 + 1_000 + 1_000, "\(result.bytesPerFrame) bytes a frame")
    }
}
