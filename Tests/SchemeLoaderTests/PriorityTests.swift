// Priorities: work waiting for a worker runs in its loads' priority order, and a caller can raise a waiting load.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct PriorityTests {
    @Test func waitingWorkRunsByPriorityAndPrioritiesCanChange() async throws {
        // Given one worker, held, and four loads whose work waits for it
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let mock = MockSchemeHandler(workers: workers)
        let loader = try LoaderFixtures.loader(mock)
        let boxes = ["low", "normal", "raised", "high"].map { name in (name, ResultBox()) }
        var tokens: [String: LoadToken] = [:]
        for (name, box) in boxes {
            let priority: LoadPriority = switch name {
            case "low", "raised": .low
            case "high": .high
            default: .normal
            }
            tokens[name] = loader.load(LoadRequest(url: LoaderFixtures.url(name), priority: priority)) { box.add($0) }
        }
        #expect(await LoaderFixtures.eventually { workers.statistics.waiting == 4 })
        // When one is raised while it waits, and the worker is let go
        tokens["raised"]?.setPriority(.veryHigh)
        try await hold.release()
        // Then the work runs most urgent first
        #expect(await LoaderFixtures.eventually { boxes.allSatisfy { $0.1.count == 1 } })
        #expect(mock.workedURLs.map(\.lastPathComponent) == ["raised", "high", "normal", "low"])
    }

    @Test func cancellingTheLastWaiterStopsItsQueuedWork() async throws {
        // Given one worker, held, and a load whose work waits for it
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let mock = MockSchemeHandler(workers: workers)
        let loader = try LoaderFixtures.loader(mock)
        let waiting = loader.load(LoaderFixtures.url("queued")) { _ in }
        #expect(await LoaderFixtures.eventually { workers.statistics.waiting == 1 })
        // When its only caller cancels
        waiting.cancel()
        // Then its work leaves the queue at once and never runs, while later work still does
        #expect(await LoaderFixtures.eventually { workers.statistics.waiting == 0 })
        #expect(workers.statistics.withdrawn == 1)
        try await hold.release()
        _ = try await loader.data(for: LoaderFixtures.url("after"))
        #expect(mock.workedURLs.map(\.lastPathComponent) == ["after"])
        #expect(loader.statistics.workRun == 1 && loader.statistics.workForCancelledLoads == 0)
    }
}
