// WorkQueueTests: a handler's CPU and blocking work waits for a worker in the loads' priority order — a file
// load's too —, and a load waiting for a slow source holds no worker meanwhile.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct WorkQueueTests {
    /// `stage://host/name` is made from `mock://host/name`: it waits for it as its source, then works on `workers`.
    private struct StageHandler: SchemeHandling {
        let workers: WorkerPool
        func canHandle(_ url: URL) -> Bool { url.scheme == "stage" }
        func canonicalURL(for url: URL) throws -> URL { url }
        func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
            let source = try await task.source(URL(string: "mock://\(task.url.host ?? "")\(task.url.path)")!)
            let made = try await task.work(on: workers) { source.data + Data([0xFF]) }
            client.didReceive(LoadResponse(expectedLength: made.count))
            client.didLoad(made)
        }
    }

    @Test func aVisibleFileLoadsWorkRunsBeforeAPrefetchsQueuedFirst() async throws {
        // Given a file handler whose blocking calls are work on one worker, held
        let root = try TemporaryDirectory()
        for name in ["prefetch", "visible"] { try Data(name.utf8).write(to: root.appending("\(name).jpg")) }
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let first = try await WorkerHold.holding(workers)
        let loader = try SchemeLoader(handlers: [FileSchemeHandler(allowedRoots: [root.url], blockingCalls: workers)])
        // When a prefetch's load queues its work first, then a visible row's
        let prefetch = ResultBox(), visible = ResultBox()
        let prefetchToken = loader.load(LoadRequest(url: root.appending("prefetch.jpg"), priority: .low)) { prefetch.add($0) }
        #expect(await eventually { workers.statistics.waiting == 1 })
        loader.load(LoadRequest(url: root.appending("visible.jpg"), priority: .high)) { visible.add($0) }
        #expect(await eventually { workers.statistics.waiting == 2 })
        // and the worker, let go, takes one piece of work before a second hold (between the two priorities) takes it
        let second = WorkerHold(workers, at: .normal)
        #expect(await eventually { workers.statistics.waiting == 3 })
        try await first.release()
        try await second.held()
        // Then the visible row's work ran and the prefetch's still waits: cancelling it withdraws it unrun
        prefetchToken.cancel()
        #expect(await eventually { workers.statistics.withdrawn == 1 })
        try await second.release()
        #expect(await eventually { visible.count == 1 && prefetch.count == 1 })
        #expect((try? visible.first?.get())?.data == Data("visible".utf8))
        #expect(prefetch.first.map { if case .failure(let error) = $0 { error is CancellationError } else { false } } == true)
        #expect(loader.statistics.workForCancelledLoads == 0)
    }

    @Test func aLoadWaitingForASlowSourceHoldsNoWorker() async throws {
        // Given one worker, and a stage whose source never arrives until a gate opens
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let gate = Gate(), mock = MockSchemeHandler(workers: workers)
        mock.stub(URL(string: "mock://pictures/slow")!, with: MockResponse(data: Data([1]), gate: gate))
        let loader = try SchemeLoader(handlers: [mock, StageHandler(workers: workers)])
        let slow = ResultBox()
        loader.load(LoadRequest(url: URL(string: "stage://pictures/slow")!, priority: .veryHigh)) { slow.add($0) }
        #expect(await eventually { gate.waiting == 1 })
        // When other stages are asked for while it waits
        let fast = try await loader.data(for: URL(string: "stage://pictures/fast")!)
        // Then they load on the one worker meanwhile, the slow stage still waiting; and it finishes once its source comes
        #expect(fast.data.last == 0xFF && slow.count == 0 && gate.waiting == 1)
        #expect(workers.statistics.waiting == 0)
        gate.open()
        #expect(await eventually { slow.count == 1 })
        #expect((try? slow.first?.get())?.data == Data([1, 0xFF]))
        #expect(mock.workedURLs.map(\.lastPathComponent) == ["fast", "slow"])
    }
}
