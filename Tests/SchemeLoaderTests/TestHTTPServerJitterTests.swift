// TestHTTPServer's jitter: each request waits a random extra time, the same sequence for the same seed.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct TestHTTPServerJitterTests {
    /// Loads `/p0` … `/p5` one after the other from a server with up to 80 ms of jitter seeded `seed`;
    /// returns the waits it drew and each load's time.
    private func sequentialLoads(seed: UInt64) async throws -> (jitter: [Duration], elapsed: [Duration]) {
        let routes = Dictionary(uniqueKeysWithValues: (0..<6).map { ("/p\($0)", TestRoute.respond(body: Data([UInt8($0)]))) })
        let server = try await TestHTTPServer(routes: routes, jitter: .milliseconds(80), seed: seed)
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()])
        var elapsed: [Duration] = []
        for index in 0..<6 {
            let start = ContinuousClock.now
            _ = try await loader.data(for: server.url("/p\(index)"))
            elapsed.append(ContinuousClock.now - start)
        }
        await loader.shutdown()
        await server.stop()
        return (server.appliedJitter, elapsed)
    }

    @Test func theSameSeedGivesTheSameVaryingWaits() async throws {
        // Given two servers with the same seed and one with another
        // When each answers six requests in turn
        let first = try await sequentialLoads(seed: 42)
        let again = try await sequentialLoads(seed: 42)
        let other = try await sequentialLoads(seed: 43)
        // Then each request drew a wait within the jitter, the waits vary, repeat with the seed and differ with another
        #expect(first.jitter.count == 6)
        #expect(first.jitter.allSatisfy { (.zero ... .milliseconds(80)).contains($0) })
        #expect(Set(first.jitter).count > 1)
        #expect(first.jitter == again.jitter)
        #expect(first.jitter != other.jitter)
        // and every answer came no sooner than its wait
        #expect(zip(first.jitter, first.elapsed).allSatisfy { $1 >= $0 })
    }
}
