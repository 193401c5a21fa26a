// A loader for CPU-bound handlers runs as many loads at once as the machine has cores.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct CPUBoundConcurrencyTests {
    @Test func theDefaultFollowsThisMachinesCoreCount() {
        // Given this machine / When a CPU-bound configuration is made without a core count
        let configuration = SchemeLoaderConfiguration.cpuBound()
        // Then it allows one load per active core
        #expect(configuration.maxConcurrentLoads == ProcessInfo.processInfo.activeProcessorCount)
        #expect(SchemeLoaderConfiguration.cpuBoundConcurrency(cores: 16) == 16)
        #expect(SchemeLoaderConfiguration.cpuBoundConcurrency(cores: 0) == 1, "never less than one")
    }

    @Test(arguments: [1, 3, 5])
    func loadsRunOnePerCoreAndTheRestWait(cores: Int) async throws {
        // Given a loader configured for `cores` cores and handler loads that wait for a gate
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data([1]), gate: gate))
        let loader = try SchemeLoader(handlers: [mock], configuration: .cpuBound(cores: cores))
        #expect(loader.maxConcurrentLoads == cores)
        // When twice as many loads as cores (plus one) are started
        let tokens = (0...(2 * cores)).map { index in loader.load(LoaderFixtures.url("\(index)")) { _ in } }
        // Then exactly `cores` reach the handler, the rest wait for a slot
        #expect(await LoaderFixtures.eventually { gate.waiting == cores })
        #expect(mock.activeLoads == cores)
        // And all of them finish once the gate opens, never more than `cores` at once
        gate.open()
        #expect(await LoaderFixtures.eventually { mock.totalLoads == 2 * cores + 1 && loader.statistics.inFlight == 0 })
        #expect(mock.peakActiveLoads == cores)
        tokens.forEach { $0.cancel() }
    }
}
