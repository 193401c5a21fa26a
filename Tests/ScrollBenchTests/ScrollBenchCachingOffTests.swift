// Turning caching off brings white spots back: more than with a warm memory cache, on the same script.
import Foundation
import ScrollBench
import TestSupport
import Testing

@MainActor
@Suite struct ScrollBenchCachingOffTests {
    @Test func cachingOffShowsMoreWhiteSpotsThanWarmMemory() async throws {
        let benchmark = ScrollBenchmark(setup: ScrollBenchFixtures.setup) { directory in
            try ScrollBenchFixtures.state(thumbnails: MockSchemeHandler(scheme: "thumb"), diskDirectory: directory)
        }
        let script = ScrollScript(pattern: .down, rows: 15, rowsPerSecond: nil)
        let warm = try await benchmark.run(mode: .warmMemory, script: script)
        let off = try await benchmark.run(mode: .cachingOff, script: script)
        #expect(warm.whiteSpotFrames == 0)
        #expect(off.whiteSpotFrames >= 15, "each key brings in a row that must load again")
        #expect(off.whiteSpotFrames > warm.whiteSpotFrames)
        #expect(off.memoryHits == 0 && off.diskHits == 0)
    }
}
