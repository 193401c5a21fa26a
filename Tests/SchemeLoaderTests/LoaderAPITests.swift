// The loader's faces: callback with progress, async events, and the OpenCombine publisher.
import Foundation
import OpenCombine
import SchemeLoader
import TestSupport
import Testing

@Suite struct LoaderAPITests {
    @Test func eventsReportRisingProgressThenCompletion() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(count: 1000), chunks: 10))
        let loader = try LoaderFixtures.loader(mock)
        var received: [Int] = []
        var completed: LoadResult?
        for try await event in loader.events(for: LoadRequest(url: LoaderFixtures.url("a"))) {
            switch event {
            case .progress(let progress):
                #expect(progress.expected == 1000)
                received.append(progress.received)
            case .completed(let result): completed = result
            }
        }
        #expect(received.last == 1000)
        #expect(received == received.sorted())
        #expect(received.count >= 10)
        #expect(completed?.data.count == 1000)
    }

    @Test func eventsThrowTheLoadError() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(), error: .httpStatus(code: 500, url: "x")))
        let loader = try LoaderFixtures.loader(mock)
        await #expect(throws: LoadError.httpStatus(code: 500, url: "x")) {
            for try await _ in loader.events(for: LoadRequest(url: LoaderFixtures.url("a"))) {}
        }
    }

    @Test func publisherEmitsOneResultThenFinishes() async throws {
        let mock = MockSchemeHandler()
        let loader = try LoaderFixtures.loader(mock)
        let outputs = Locked<[String]>([])
        let finished = Locked(false)
        let subscription = loader.publisher(for: LoaderFixtures.url("a")).sink(
            receiveCompletion: { completion in
                if case .finished = completion { finished.withLock { $0 = true } }
            },
            receiveValue: { result in outputs.withLock { $0.append(String(decoding: result.data, as: UTF8.self)) } })
        #expect(await LoaderFixtures.eventually { finished.withLock { $0 } })
        #expect(outputs.withLock { $0 } == ["mock://pictures/a"])
        subscription.cancel()
    }

    @Test func cancellingThePublisherCancelsTheLoad() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(count: 100), chunks: 100, delay: .milliseconds(20)))
        let loader = try LoaderFixtures.loader(mock)
        let subscription = loader.publisher(for: LoaderFixtures.url("a")).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        #expect(await LoaderFixtures.eventually { mock.activeLoads == 1 })
        subscription.cancel()
        #expect(await LoaderFixtures.eventually { mock.cancelledLoads == 1 })
    }

    @Test func statisticsAndTimingsTellWhereResultsCameFrom() async throws {
        let directory = try TemporaryDirectory()
        let mock = MockSchemeHandler()
        let loader = try LoaderFixtures.loader(mock, disk: directory.url)
        let first = try await loader.data(for: LoaderFixtures.url("a"))
        #expect(first.metrics.handler != nil)
        #expect(first.metrics.diskLookup != nil)
        await loader.waitForPendingWrites()
        loader.memoryCache.removeAll()
        #expect(try await loader.data(for: LoaderFixtures.url("a")).source == .disk)
        #expect(try await loader.data(for: LoaderFixtures.url("a")).source == .memory)
        let stats = loader.statistics
        #expect((stats.handlerLoads, stats.diskHits, stats.memoryHits) == (1, 1, 1))
        #expect(stats.bytesLoaded == first.data.count)
        #expect(loader.timings(for: .memory)?.samples == 1)
        #expect(loader.timings(for: .handler)?.samples == 1)
        await loader.removeAllCachedData()
        #expect(try await loader.data(for: LoaderFixtures.url("a")).source == .handler)
    }
}
