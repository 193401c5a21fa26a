// A one-row scroll re-sends only pictures whose position changed — none that stayed put.
import Foundation
import ScrollBench
import TestSupport
import Testing

@MainActor
@Suite struct ScrollBenchResendTests {
    @Test func everyStepSendsTheMovedPicturesAndNothingUnmoved() async throws {
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            try ScrollBenchFixtures.state(thumbnails: MockSchemeHandler(scheme: "thumb"), diskDirectory: directory)
        }
        // Given 5 visible rows, each key scrolls one row: every row's picture moves up one place.
        let result = try await benchmark.run(mode: .warmMemory, script: ScrollScript(pattern: .down, rows: 10, rowsPerSecond: nil))
        #expect(result.picturesSent == 50)
        #expect(result.resentUnmoved == 0)
        #expect(result.resentUnmovedOnWire == 0)
        #expect(result.scrolledLines == 0, "no picture reached the last row")
    }
}
