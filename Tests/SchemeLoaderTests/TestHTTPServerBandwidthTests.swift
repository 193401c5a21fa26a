// TestHTTPServer's bandwidth cap: a connection sends bodies no faster than the rate it was given.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct TestHTTPServerBandwidthTests {
    @Test func aBodyTakesItsSizeOverTheRateToArrive() async throws {
        // Given a server capped at 200 KB/s per connection, serving a 100 KB body
        let body = Data((0..<100_000).map { UInt8($0 % 253) })
        let server = try await TestHTTPServer(routes: ["/big": .respond(body: body)], bytesPerSecond: 200_000)
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()])
        // When it is loaded
        let start = ContinuousClock.now
        let loaded = try await loader.data(for: server.url("/big")).data
        let elapsed = ContinuousClock.now - start
        await loader.shutdown()
        await server.stop()
        // Then it arrived whole, after at least 100 KB / 200 KB/s (less the timer's grain), all of it counted
        #expect(loaded == body)
        #expect(elapsed >= .milliseconds(450))
        #expect(server.bodyBytesSent == body.count)
    }
}
