// The benchmark counts a preview apart: neither a white spot nor a picture.
import Foundation
import SchemeLoader
import ScrollBench
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@MainActor
@Suite struct ScrollBenchPreviewTests {
    @Test func aSlowRowWithAReadyPreviewCountsAsPreviewNotAsWhite() async throws {
        // Given every thumbnail in memory except row 12's, whose full load never finishes during the run
        // but whose preview (text art) loads at once
        let slowRow = 12
        let gate = Gate()
        let text = TerminalPicture.text(Array(repeating: Data("################".utf8), count: 4))
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            let thumbnails = MockSchemeHandler(scheme: "thumb")
            let state = try ScrollBenchFixtures.state(thumbnails: thumbnails, diskDirectory: directory)
            let slow = try #require(ScrollBenchFixtures.url(row: slowRow, state: state))
            thumbnails.stub(slow, with: MockResponse(data: ScrollBenchFixtures.picture.encoded, gate: gate))
            let preview = try #require(ScrollBenchFixtures.previewURL(row: slowRow, state: state))
            thumbnails.stub(preview, with: MockResponse(data: text.encoded))
            for row in state.places.indices where row != slowRow {
                _ = try await state.loader.data(for: try #require(ScrollBenchFixtures.url(row: row, state: state)))
            }
            return state
        }
        // When the list scrolls down 20 rows, one row per frame (row 12 is visible in key frames 8…12)
        let script = ScrollScript(pattern: .down, rows: 20, rowsPerSecond: nil)
        let (result, _) = try await benchmark.runRecordingFrames(mode: .cold, script: script)
        gate.open()
        // Then the row's 5 visible frames are blank until its preview lands (frames are drawn back to back,
        // so that may take a frame or two) and previews after it, and the preview frames are not white spots
        #expect(result.imageCellFrames == 100)
        #expect(result.whiteSpotFrames + result.previewFrames == 5)
        #expect(result.previewFrames >= 1)
        #expect(result.previewPercent == Double(result.previewFrames))
        #expect(result.whiteSpotPercent == Double(result.whiteSpotFrames))
    }
}
