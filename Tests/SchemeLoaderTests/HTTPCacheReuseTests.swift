// HTTPCacheReuseTests: what a stored response may answer (RFC 9111 §4): a cacheable error is delivered
// again as the same typed error without a request; `Vary: *` is never reused; other `Vary` fields
// reuse a copy only for the same request fields; a response's own stale-while-revalidate counts for a
// command too (issue 36).
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct HTTPCacheReuseTests {
    private let picture = Data((0..<20_000).map { UInt8($0 % 249) })

    /// A clock the test moves.
    private final class TestClock: Sendable {
        private let moment = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { moment.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { moment.withLock { $0 += seconds } }
    }

    private func loader(disk: URL?, userAgent: String = "snapterm/0.1", clock: TestClock? = nil) throws -> SchemeLoader {
        var http = HTTPSchemeHandler.Configuration()
        http.userAgent = userAgent
        var configuration = SchemeLoaderConfiguration(diskDirectory: disk)
        if let clock {
            http.now = { clock.now }
            configuration.now = { clock.now }
        }
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: http)], configuration: configuration)
    }

    @Test(arguments: [404, 410])
    func aCacheableErrorIsDeliveredAgainAsTheSameErrorWithoutARequest(status: Int) async throws {
        let server = try await TestHTTPServer(routes: ["/missing.png": .respond(
            status: status, headers: [("Cache-Control", "max-age=600")], body: Data("not here".utf8))])
        let folder = try TemporaryDirectory()
        let first = try loader(disk: folder.url)
        let url = server.url("/missing.png")
        let error = LoadError.httpStatus(code: status, url: url.absoluteString)
        await #expect(throws: error) { try await first.data(for: url) }
        await #expect(throws: error) { try await first.data(for: url) }
        #expect(first.cachedResult(for: url) == nil, "an error is never shown as a picture")
        await first.shutdown()
        // and from the disk, in another process's loader
        let second = try loader(disk: folder.url)
        await #expect(throws: error) { try await second.data(for: url) }
        await second.shutdown()
        #expect(server.requestCount("/missing.png") == 1)
        await server.stop()
    }

    @Test func anUncacheableServerErrorIsAskedForAgain() async throws {
        let server = try await TestHTTPServer(routes: ["/e": .respond(status: 500, body: Data("oops".utf8))])
        let loader = try loader(disk: nil)
        for _ in 0..<2 { await #expect(throws: LoadError.self) { try await loader.data(for: server.url("/e")) } }
        #expect(server.requestCount("/e") == 2)
        await loader.shutdown()
        await server.stop()
    }

    @Test func varyStarIsNeverReused() async throws {
        let server = try await TestHTTPServer(routes: ["/v.png": .respond(
            headers: [("Cache-Control", "max-age=3600"), ("Vary", "*")], body: picture)])
        let loader = try loader(disk: nil)
        for _ in 0..<2 { _ = try await loader.data(for: server.url("/v.png")) }
        #expect(server.requestCount("/v.png") == 2)
        await loader.shutdown()
        await server.stop()
    }

    @Test func aVaryingCopyIsReusedOnlyForTheSameRequestFields() async throws {
        let server = try await TestHTTPServer(routes: ["/v.png": .respond(
            headers: [("Cache-Control", "max-age=3600"), ("Vary", "User-Agent, Accept-Language")], body: picture)])
        let folder = try TemporaryDirectory()
        for agent in ["agent-a", "agent-a", "agent-b"] {
            let loader = try loader(disk: folder.url, userAgent: agent)
            _ = try await loader.data(for: server.url("/v.png"))
            await loader.shutdown()
        }
        #expect(server.requestCount("/v.png") == 2, "agent-a again reuses its copy; agent-b cannot")
        await server.stop()
    }

    @Test func aNotModifiedWithoutCacheControlKeepsTheStoredLifetime() async throws {
        // Given a copy stored with max-age=60 that went stale, and a server whose 304 omits Cache-Control
        let server = try await TestHTTPServer(routes: ["/pic": .respond(
            headers: [("ETag", "\"a\""), ("Cache-Control", "max-age=60")], body: picture)])
        let clock = TestClock()
        let loader = try loader(disk: nil, clock: clock)
        _ = try await loader.data(for: server.url("/pic"))
        clock.advance(120)
        server.setRoute("/pic", to: .respond(status: 304, headers: [("ETag", "\"a\"")]))
        // When it is revalidated, then asked for again within the minute
        let confirmed = try await loader.data(for: server.url("/pic"))
        clock.advance(30)
        let again = try await loader.data(for: server.url("/pic"))
        // Then the 304 updated the stored fields rather than dropping them (RFC 9111 §4.3.4): fresh again for 60 s
        #expect(confirmed.data == picture && again.data == picture && !again.isStale)
        #expect(server.requestCount("/pic") == 2)
        await loader.shutdown()
        await server.stop()
    }

    @Test func aResponsesOwnStaleWhileRevalidateCountsForACommand() async throws {
        // Given a command's loader (no stale window of its own) and a copy that went stale within its window
        let server = try await TestHTTPServer(routes: ["/pic": .versioned(
            tag: "\"v1\"", body: picture, cacheControl: "max-age=60, stale-while-revalidate=3600")])
        let clock = TestClock()
        let folder = try TemporaryDirectory()
        let loader = try loader(disk: folder.url, clock: clock)
        _ = try await loader.data(for: server.url("/pic"))
        clock.advance(120)
        // When it is asked for again
        let stale = try await loader.data(for: server.url("/pic"))
        // Then the stale copy is the answer at once, and it is revalidated before the command exits
        #expect(stale.isStale && stale.data == picture)
        await loader.waitForBackgroundRevalidations()
        #expect(server.conditionalRequestCount("/pic") == 1)
        #expect(loader.statistics.staleServedWhileRevalidating == 1)
        let fresh = try await loader.data(for: server.url("/pic"))
        #expect(!fresh.isStale)
        await loader.shutdown()
        await server.stop()
    }
}
