// A load's CPU work waits for a worker at the load's priority: a change of priority through the token
// reaches work already waiting, and work of a cancelled load never runs.
import Dispatch
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct LoadWorkPriorityTests {
    /// A handler that does all its loading as one piece of work on `pool`, noting the URLs it worked for (the work
    /// of a `blocked` URL first waits for `release`).
    private struct WorkingHandler: SchemeHandling {
        let pool: WorkerPool
        let worked = Locked<[String]>([])
        var blocked: String? = nil
        let release = DispatchSemaphore(value: 0)
        func canHandle(_ url: URL) -> Bool { url.scheme == "work" }
        func canonicalURL(for url: URL) throws -> URL { url }
        func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
            let name = task.url.lastPathComponent
            let bytes = try await task.work(on: pool) { [worked, blocked, release] in
                worked.withLock { $0.append(name) }
                if name == blocked { release.wait() }
                return Data(name.utf8)
            }
            client.didReceive(LoadResponse(mimeType: "text/plain", expectedLength: bytes.count))
            client.didLoad(bytes)
        }
    }

    @Test func aTokensNewPriorityMovesItsWaitingWorkAheadAndCancelledWorkNeverRuns() async throws {
        // Given a one-thread pool held by other work, and three prefetches whose work waits for it
        let pool = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = DispatchSemaphore(value: 0), held = DispatchSemaphore(value: 0)
        let holding = Task { try await pool.run { held.signal(); hold.wait() } }
        try await OffPool.run { held.wait() }
        let handler = WorkingHandler(pool: pool)
        let loader = try SchemeLoader(handlers: [handler])
        let done = ResultBox()
        var tokens: [LoadToken] = []
        for name in ["a", "b", "c"] {
            tokens.append(loader.load(LoadRequest(url: URL(string: "work://rows/\(name)")!, priority: .low)) { done.add($0) })
            #expect(await eventually { pool.statistics.waiting == tokens.count })
        }
        // When the last one's row comes into view and the first one's scrolls away, while they wait
        tokens[2].setPriority(.high)
        tokens[0].cancel()
        #expect(await eventually { pool.statistics.waiting == 2 })
        hold.signal()
        try await holding.value
        // Then the visible row's work runs first, and the cancelled one's never
        #expect(await eventually { done.count == 3 })
        #expect(handler.worked.withLock { $0 } == ["c", "b"])
        #expect(pool.statistics.withdrawn == 1)
        await loader.shutdown()
    }

    @Test func workThatRanForALoadCancelledMeanwhileIsCounted() async throws {
        // Given a loader whose handler's work for "gone" waits once it has started
        let handler = WorkingHandler(pool: WorkerPool(threads: 1, nicenessIncrement: 0), blocked: "gone")
        let loader = try SchemeLoader(handlers: [handler])
        // When one load completes, and another is cancelled while its work runs (its row scrolled away)
        _ = try await loader.data(for: URL(string: "work://rows/kept")!)
        let done = ResultBox()
        let gone = loader.load(URL(string: "work://rows/gone")!) { done.add($0) }
        #expect(await eventually { handler.worked.withLock { $0 } == ["kept", "gone"] })
        gone.cancel()
        handler.release.signal()
        // Then both count as work run, the second as work for a cancelled load
        #expect(await eventually { loader.statistics.workRun == 2 })
        #expect(loader.statistics.workForCancelledLoads == 1)
        #expect(done.count == 1)
        await loader.shutdown()
    }
}
