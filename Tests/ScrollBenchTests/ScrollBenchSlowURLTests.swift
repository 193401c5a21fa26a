// The benchmark's counting: a handler slow for exactly one URL gives exactly the expected placeholder frames.
import Foundation
import SchemeLoader
import ScrollBench
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ScrollBenchSlowURLTests {
    @Test func oneSlowRowIsAWhiteSpotInExactlyTheFramesItIsVisible() async throws {
        // Given every thumbnail in memory except row 12's, whose load never finishes during the run,
        let slowRow = 12
        let gate = Gate()
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            let thumbnails = MockSchemeHandler(scheme: "thumb")
            let state = try ScrollBenchFixtures.state(thumbnails: thumbnails, diskDirectory: directory)
            let slow = try #require(ScrollBenchFixtures.url(row: slowRow, state: state))
            thumbnails.stub(slow, with: MockResponse(data: ScrollBenchFixtures.picture.encoded, gate: gate))
            // (and its preview never lands either: previews are counted apart, see ScrollBenchPreviewTests)
            let preview = try #require(ScrollBenchFixtures.previewURL(row: slowRow, state: state))
            thumbnails.stub(preview, with: MockResponse(data: ScrollBenchFixtures.picture.encoded, gate: gate))
            for row in state.places.indices where row != slowRow {
                _ = try await state.loader.data(for: try #require(ScrollBenchFixtures.url(row: row, state: state)))
            }
            return state
        }
        // when the list scrolls down 20 rows, one row per frame (5 rows visible, the first key shows rows 1–5),
        let script = ScrollScript(pattern: .down, rows: 20, rowsPerSecond: nil)
        let (result, perFrame) = try await benchmark.runRecordingFrames(mode: .cold, script: script)
        gate.open()
        // then row 12 shows a placeholder in key frames 8…12 (tops 8…12) and nowhere else.
        let expected = (1...20).map { top in (top...(top + 4)).contains(slowRow) ? 1 : 0 }
        #expect(perFrame == expected)
        #expect(result.keyFrames == 20)
        #expect(result.imageCellFrames == 100)
        #expect(result.whiteSpotFrames == 5)
        #expect(result.gridWhiteSpotFrames == 5, "the virtual terminal's grid agrees with the app's count")
        #expect(result.whiteSpotPercent == 5)
        #expect(result.previewFrames == 0)
    }
}
