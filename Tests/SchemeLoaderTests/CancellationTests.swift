// Cancellation: each caller's token is its own; the shared load stops only with its last caller.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct CancellationTests {
    @Test func cancellingOneOfTwoCallersLeavesTheOtherToFinish() async throws {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data("ok".utf8), gate: gate))
        let loader = try LoaderFixtures.loader(mock)
        let first = ResultBox(), second = ResultBox()
        let tokenA = loader.load(LoaderFixtures.url("a"), completion: first.add)
        loader.load(LoaderFixtures.url("a"), completion: second.add)
        #expect(await LoaderFixtures.eventually { gate.waiting == 1 })
        tokenA.cancel()
        #expect(first.count == 1)
        if case .failure(let error)? = first.first { #expect(error is CancellationError) } else { Issue.record("expected cancellation") }
        gate.open()
        #expect(await LoaderFixtures.eventually { second.count == 1 })
        #expect(try second.first?.get().data == Data("ok".utf8))
        #expect(mock.cancelledLoads == 0)
    }

    @Test func cancellingEveryCallerStopsTheHandlerPromptly() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(count: 1000), chunks: 1000, delay: .milliseconds(100)))
        let loader = try LoaderFixtures.loader(mock)
        let boxes = (0..<3).map { _ in ResultBox() }
        let tokens = boxes.map { loader.load(LoaderFixtures.url("slow"), completion: $0.add) }
        #expect(await LoaderFixtures.eventually { mock.activeLoads == 1 })
        let cancelledAt = ContinuousClock.now
        tokens.forEach { $0.cancel() }
        #expect(await LoaderFixtures.eventually(timeout: .seconds(30)) { mock.cancelledLoads == 1 })
        #expect(ContinuousClock.now - cancelledAt < .seconds(30), "far sooner than the 100 s the load would take (parallel suites may hold the pool for seconds)")
        #expect(boxes.allSatisfy { $0.count == 1 })
        #expect(loader.statistics.cancelled == 3)
        #expect(loader.statistics.inFlight == 0)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheLoad() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(count: 10), chunks: 10, delay: .milliseconds(200)))
        let loader = try LoaderFixtures.loader(mock)
        let task = Task { try await loader.data(for: LoaderFixtures.url("a")) }
        #expect(await LoaderFixtures.eventually { mock.activeLoads == 1 })
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(await LoaderFixtures.eventually { mock.cancelledLoads == 1 })
    }

    @Test func aNewRequestAfterAbandonmentStartsAFreshLoad() async throws {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data("v".utf8), gate: gate))
        let loader = try LoaderFixtures.loader(mock)
        let token = loader.load(LoaderFixtures.url("a")) { _ in }
        #expect(await LoaderFixtures.eventually { gate.waiting == 1 })
        token.cancel()
        gate.open()
        let result = try await loader.data(for: LoaderFixtures.url("a"))
        #expect(result.data == Data("v".utf8))
        #expect(!result.wasCoalesced)
        #expect(mock.totalLoads == 2)
    }

    @Test func cancellingTwiceOrAfterCompletionIsHarmless() async throws {
        let mock = MockSchemeHandler()
        let loader = try LoaderFixtures.loader(mock)
        let box = ResultBox()
        let token = loader.load(LoaderFixtures.url("a"), completion: box.add)
        #expect(await LoaderFixtures.eventually { box.count == 1 })
        token.cancel()
        token.cancel()
        #expect(box.count == 1)
        #expect(loader.statistics.cancelled == 0)
    }
}
