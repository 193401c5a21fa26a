// A loader runs at most `maxConcurrentLoads` whole loads at once; the rest wait for a turn.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct ConcurrentLoadLimitTests {
    @Test(arguments: [1, 3, 5])
    func loadsRunUpToTheLimitAndTheRestWait(limit: Int) async throws {
        // Given a loader of `limit` turns and handler loads that wait for a gate
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data([1]), gate: gate))
        var configuration = SchemeLoaderConfiguration()
        configuration.maxConcurrentLoads = limit
        let loader = try SchemeLoader(handlers: [mock], configuration: configuration)
        #expect(loader.maxConcurrentLoads == limit)
        // When twice as many loads as the limit (plus one) are started
        let tokens = (0...(2 * limit)).map { index in loader.load(LoaderFixtures.url("\(index)")) { _ in } }
        // Then exactly `limit` reach the handler, the rest wait for a slot
        #expect(await LoaderFixtures.eventually { gate.waiting == limit })
        #expect(mock.activeLoads == limit)
        // And all of them finish once the gate opens, never more than `limit` at once
        gate.open()
        #expect(await LoaderFixtures.eventually { mock.totalLoads == 2 * limit + 1 && loader.statistics.inFlight == 0 })
        #expect(mock.peakActiveLoads == limit)
        tokens.forEach { $0.cancel() }
    }
}
