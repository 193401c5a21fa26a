// Stress: many requests over few keys, some cancelled at random — every other one completes.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct StressTests {
    @Test func tenThousandRequestsOverTwoHundredKeysWithRandomCancellation() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(count: 64), chunks: 2, delay: .microseconds(200)))
        let directory = try TemporaryDirectory()
        let loader = try LoaderFixtures.loader(mock, disk: directory.url, memoryLimit: 64 * 100)
        var generator = SystemRandomNumberGenerator()
        let outcomes = Locked((succeeded: 0, cancelled: 0, failed: 0))
        let expectedCancels = Locked(0)
        var tokens: [(LoadToken, Bool)] = []
        for i in 0..<10_000 {
            let key = LoaderFixtures.url("k\(Int.random(in: 0..<200, using: &generator))")
            let cancel = Int.random(in: 0..<10, using: &generator) == 0
            let token = loader.load(LoadRequest(url: key, priority: LoadPriority.allCases[i % 5])) { result in
                outcomes.withLock { outcome in
                    switch result {
                    case .success(let loaded) where loaded.data.count == 64: outcome.succeeded += 1
                    case .success: outcome.failed += 1
                    case .failure(let error) where error is CancellationError: outcome.cancelled += 1
                    case .failure: outcome.failed += 1
                    }
                }
            }
            tokens.append((token, cancel))
            if cancel { expectedCancels.withLock { $0 += 1 } }
            if i % 100 == 99 { await Task.yield() }
        }
        await withTaskGroup(of: Void.self) { group in
            for (token, cancel) in tokens where cancel {
                group.addTask { token.cancel() }
            }
        }
        #expect(await LoaderFixtures.eventually(timeout: .seconds(60)) {
            outcomes.withLock { $0.succeeded + $0.cancelled + $0.failed } == 10_000
        })
        let final = outcomes.withLock { $0 }
        #expect(final.failed == 0)
        #expect(final.cancelled <= expectedCancels.withLock { $0 })
        #expect(final.succeeded >= 10_000 - expectedCancels.withLock { $0 })
        #expect(await LoaderFixtures.eventually { loader.statistics.inFlight == 0 && mock.activeLoads == 0 })
    }
}
