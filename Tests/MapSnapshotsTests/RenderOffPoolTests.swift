// Map rendering runs on its own threads: while eight big snapshots render, a task on Swift's
// cooperative pool (two threads here) keeps running. Before, the renders held the pool's threads.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct RenderOffPoolTests {
    @Test func theCooperativePoolStaysFreeWhileMapsRender() async throws {
        var configuration = SchemeLoaderConfiguration()
        configuration.maxConcurrentLoads = 8
        let loader = try SchemeLoader(handlers: [MapSchemeHandler(tilesFiles: [MapTestFiles.world])], configuration: configuration)
        let urls = try (0..<8).map { try mapURL(10 + Double($0) * 5, 20 + Double($0) * 7, zoom: 4, width: 900, height: 600).url }

        // Given a ticker on the cooperative pool, counting every 5 ms
        let ticks = Locked(0)
        let longestGap = Locked(Duration.zero)
        let rendering = Locked(true)
        let ticker = Task {
            var last = ContinuousClock.now
            while rendering.withLock({ $0 }) {
                try? await Task.sleep(for: .milliseconds(5))
                let now = ContinuousClock.now
                longestGap.withLock { $0 = max($0, now - last) }
                last = now
                ticks.withLock { $0 += 1 }
            }
        }

        // When eight snapshots render at once
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls { group.addTask { _ = try await loader.data(for: url) } }
            try await group.waitForAll()
        }
        let elapsed = ContinuousClock.now - start
        rendering.withLock { $0 = false }
        await ticker.value

        // Then the ticker ran all along: at least one tick per 40 ms of rendering (generous: it
        // can tick every 5 ms; with the renders holding the pool's threads it barely ticks)
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        // (measured on 2 cores: ~250 ticks in 1.3 s, longest gap ~11 ms; renders on the pool: 13 ticks in 1.5 s)
        let summary = "\(ticks.withLock { $0 }) ticks in \(elapsed), longest gap \(longestGap.withLock { $0 })"
        #expect(ticks.withLock { $0 } >= milliseconds / 40, "\(summary)")
        #expect(milliseconds > 200, "renders too quick to tell (\(elapsed))")
    }
}
