// SourceLoadTests: a load that needs another load of the same loader (`SchemeLoadTask.source`) — joined with any
// other load of that URL, at its dependents' priority as it changes, and stopped when its last dependent goes.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct SourceLoadTests {
    /// `stage://host/name` is made from `mock://host/name`: it loads it as its source and delivers its bytes.
    private struct StageHandler: SchemeHandling {
        func canHandle(_ url: URL) -> Bool { url.scheme == "stage" }
        func canonicalURL(for url: URL) throws -> URL { url }

        func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
            let source = try await task.source(Self.source(of: task.url))
            client.didReceive(LoadResponse(mimeType: "application/octet-stream", expectedLength: source.data.count))
            client.didLoad(source.data)
        }

        static func source(of stage: URL) -> URL { URL(string: "mock://\(stage.host ?? "")\(stage.path)")! }
    }

    private func stage(_ name: String) -> URL { URL(string: "stage://pictures/\(name)")! }

    /// One loader holding the mock and the stage handler.
    private func loader(_ mock: MockSchemeHandler) throws -> SchemeLoader {
        try SchemeLoader(handlers: [mock, StageHandler()])
    }

    @Test func aSourceIsJoinedByEveryLoadOfItsURL() async throws {
        // Given a source that waits, asked for by a stage
        let gate = Gate(), mock = MockSchemeHandler()
        mock.stub(StageHandler.source(of: stage("a")), with: MockResponse(data: Data([7]), gate: gate))
        let loader = try loader(mock)
        let done = ResultBox()
        loader.load(stage("a")) { done.add($0) }
        #expect(await eventually { gate.waiting == 1 })
        // When the same source is asked for directly while the stage waits for it
        loader.load(StageHandler.source(of: stage("a"))) { done.add($0) }
        gate.open()
        // Then both get its bytes from one handler load, which the direct caller joined
        #expect(await eventually { done.count == 2 })
        #expect(done.all.allSatisfy { (try? $0.get())?.data == Data([7]) })
        #expect(mock.totalLoads == 1)
        let sources = loader.statistics(for: "mock"), stages = loader.statistics(for: "stage")
        #expect(sources.handlerLoads == 1 && sources.coalesced == 1)
        #expect(stages.handlerLoads == 1 && loader.statistics.handlerLoads == 2)
        #expect(await eventually { loader.statistics.inFlight == 0 })
    }

    @Test func aSourceStopsWhenItsLastDependentIsCancelledAndNotBefore() async throws {
        // Given a stage waiting for its source, and a second caller of the same stage
        let gate = Gate(), mock = MockSchemeHandler()
        mock.stub(StageHandler.source(of: stage("b")), with: MockResponse(data: Data([1]), gate: gate))
        let loader = try loader(mock)
        let first = ResultBox(), second = ResultBox()
        let firstToken = loader.load(stage("b")) { first.add($0) }
        let secondToken = loader.load(stage("b")) { second.add($0) }
        #expect(await eventually { gate.waiting == 1 })
        // When one caller leaves, the source still loads for the other
        firstToken.cancel()
        #expect(await eventually { first.count == 1 })
        #expect(mock.cancelledLoads == 0 && loader.statistics(for: "mock").inFlight == 1)
        // When the last one leaves
        secondToken.cancel()
        // Then the stage and its source stop: the source's handler is cancelled and nothing stays in flight
        #expect(await eventually { mock.cancelledLoads == 1 })
        #expect(await eventually { loader.statistics.inFlight == 0 })
        #expect(second.count == 1)
        gate.open()
    }

    @Test func aSourceTakesItsStagesPriorityAndItsChanges() async throws {
        // Given one worker, held, and three stages whose sources' work queues for it, the first at a low priority
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let mock = MockSchemeHandler(workers: workers)
        mock.stubAll(with: MockResponse(data: Data([1])))
        let loader = try loader(mock)
        let done = ResultBox()
        let low = loader.load(LoadRequest(url: stage("first"), priority: .low)) { done.add($0) }
        loader.load(LoadRequest(url: stage("second"), priority: .normal)) { done.add($0) }
        loader.load(LoadRequest(url: stage("third"), priority: .high)) { done.add($0) }
        #expect(await eventually { workers.statistics.waiting == 3 })
        // When the first stage becomes the most urgent while its source waits (its row came into view)
        low.setPriority(.veryHigh)
        try await hold.release()
        // Then its source's work goes first, and the others in their stages' priority order
        #expect(await eventually { done.count == 3 })
        #expect(mock.workedURLs.map(\.lastPathComponent) == ["first", "third", "second"])
    }

    @Test func aSourceOutsideALoaderIsATypedError() async throws {
        let task = SchemeLoadTask(url: stage("alone"))
        await #expect(throws: LoadError.self) { _ = try await task.source(StageHandler.source(of: task.url)) }
    }
}
