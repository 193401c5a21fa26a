// Priorities: waiting loads start in priority order, and a caller can raise a waiting load.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct PriorityTests {
    /// A mock whose loads record the order they started in.
    private final class OrderRecorder: Sendable {
        let order = Locked<[String]>([])
    }

    @Test func waitingLoadsStartByPriorityAndPrioritiesCanChange() async throws {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stub(LoaderFixtures.url("blocker"), with: MockResponse(data: Data([0]), gate: gate))
        let loader = try LoaderFixtures.loader(mock, concurrency: 1)
        let started = OrderRecorder()
        loader.load(LoaderFixtures.url("blocker")) { _ in }
        #expect(await LoaderFixtures.eventually { gate.waiting == 1 })
        let boxes = ["low", "normal", "raised", "high"].map { name in (name, ResultBox()) }
        var tokens: [String: LoadToken] = [:]
        for (name, box) in boxes {
            let priority: LoadPriority = switch name {
            case "low", "raised": .low
            case "high": .high
            default: .normal
            }
            tokens[name] = loader.load(LoadRequest(url: LoaderFixtures.url(name), priority: priority)) { result in
                started.order.withLock { $0.append(name) }
                box.add(result)
            }
        }
        tokens["raised"]?.setPriority(.veryHigh)
        gate.open()
        #expect(await LoaderFixtures.eventually { boxes.allSatisfy { $0.1.count == 1 } })
        #expect(started.order.withLock { $0 } == ["raised", "high", "normal", "low"])
    }

    @Test func cancellingAWaitingLoadFreesNothingAndNeverRunsIt() async throws {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stub(LoaderFixtures.url("blocker"), with: MockResponse(data: Data([0]), gate: gate))
        let loader = try LoaderFixtures.loader(mock, concurrency: 1)
        loader.load(LoaderFixtures.url("blocker")) { _ in }
        #expect(await LoaderFixtures.eventually { gate.waiting == 1 })
        let waiting = loader.load(LoaderFixtures.url("queued")) { _ in }
        waiting.cancel()
        gate.open()
        _ = try await loader.data(for: LoaderFixtures.url("after"))
        #expect(mock.loadCount(for: LoaderFixtures.url("queued")) == 0)
    }
}
