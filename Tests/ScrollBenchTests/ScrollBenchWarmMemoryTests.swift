// With every thumbnail in memory, scrolling shows no white spot and runs no handler load.
import Foundation
import ScrollBench
import TestSupport
import Testing

@MainActor
@Suite struct ScrollBenchWarmMemoryTests {
    @Test func warmMemoryShowsNoWhiteSpotAtAnyStep() async throws {
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            try ScrollBenchFixtures.state(thumbnails: MockSchemeHandler(scheme: "thumb"), diskDirectory: directory)
        }
        let script = ScrollScript(pattern: .backAndForth(forward: 12, back: 7), rows: 30, rowsPerSecond: nil)
        let result = try await benchmark.run(mode: .warmMemory, script: script)
        #expect(result.keyFrames == 30)
        #expect(result.imageCellFrames == 150)
        #expect(result.whiteSpotFrames == 0)
        #expect(result.gridWhiteSpotFrames == 0)
        #expect(result.loads == 0, "every picture came from memory")
        #expect(result.memoryHits > 0)
    }
}
