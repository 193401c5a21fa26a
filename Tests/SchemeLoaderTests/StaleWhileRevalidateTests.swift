// StaleWhileRevalidateTests: a stale copy is shown at once and revalidated once in the background, on a
// moved clock against a real server; the observers hear whether it changed.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct StaleWhileRevalidateTests {
    private let v1 = Data((0..<20_000).map { UInt8($0 % 251) })
    private let v2 = Data((0..<20_000).map { UInt8($0 % 241) })

    /// A clock the test moves.
    private final class TestClock: Sendable {
        private let moment = Locked(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { moment.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { moment.withLock { $0 += seconds } }
    }

    /// What the refresh observer heard.
    private final class Refreshes: Sendable {
        private let heard = Locked<[(URL, Bool)]>([])
        func add(_ url: URL, _ changed: Bool) { heard.withLock { $0.append((url, changed)) } }
        var all: [(url: URL, changed: Bool)] { heard.withLock { $0.map { (url: $0.0, changed: $0.1) } } }
    }

    private func loader(clock: TestClock, window: TimeInterval?) throws -> SchemeLoader {
        var http = HTTPSchemeHandler.Configuration()
        http.now = { clock.now }
        var configuration = SchemeLoaderConfiguration()
        configuration.now = { clock.now }
        configuration.staleWhileRevalidate = window
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: http)], configuration: configuration)
    }

    @Test func aStaleCopyIsShownAtOnceRevalidatedOnceAndReplacedOnlyWhenItChanged() async throws {
        let server = try await TestHTTPServer(routes: ["/pic": .versioned(tag: "\"v1\"", body: v1, cacheControl: "max-age=60")])
        let clock = TestClock()
        let loader = try loader(clock: clock, window: 3600)
        let refreshes = Refreshes()
        loader.addRefreshObserver { refreshes.add($0, $1) }
        let url = server.url("/pic")
        _ = try await loader.data(for: url)

        // Given the copy went stale (two minutes later, max-age 60)
        clock.advance(120)
        // When it is asked for, twice
        let shown = try #require(loader.cachedResult(for: url))
        let again = try await loader.data(for: url)
        // Then the stale copy is shown at once, marked stale, and one conditional request goes out
        #expect(shown.isStale && shown.data == v1 && again.data == v1)
        #expect(await eventually { refreshes.all.count == 1 })
        #expect(server.conditionalRequestCount("/pic") == 1)
        // (the second ask may come after the revalidation ended on a loaded machine: then it is served fresh)
        #expect(loader.statistics.backgroundRevalidations == 1)
        #expect((1...2).contains(loader.statistics.staleServedWhileRevalidating))
        #expect(refreshes.all.first?.changed == false, "a 304: confirmed, not replaced")
        // and afterwards the copy is fresh again: no more requests
        let fresh = try await loader.data(for: url)
        #expect(!fresh.isStale && fresh.source == .memory)
        #expect(server.requestCount("/pic") == 2)

        // When the picture changes on the server and the copy goes stale again
        server.setRoute("/pic", to: .versioned(tag: "\"v2\"", body: v2, cacheControl: "max-age=60"))
        clock.advance(120)
        let staleAgain = try await loader.data(for: url)
        // Then the old bytes are shown first, the observers hear of a change, and the new bytes follow
        #expect(staleAgain.isStale && staleAgain.data == v1)
        #expect(await eventually { refreshes.all.count == 2 })
        #expect(refreshes.all.last?.changed == true)
        #expect(refreshes.all.last?.url == url)
        #expect(try await loader.data(for: url).data == v2)
        await loader.shutdown()
        await server.stop()
    }

    @Test func withoutTheWindowAStaleCopyIsRevalidatedBeforeItIsServed() async throws {
        let server = try await TestHTTPServer(routes: ["/pic": .versioned(tag: "\"v1\"", body: v1, cacheControl: "max-age=60")])
        let clock = TestClock()
        let loader = try loader(clock: clock, window: nil)
        let url = server.url("/pic")
        _ = try await loader.data(for: url)
        clock.advance(120)
        // When a stale copy is asked for by a loader without stale-while-revalidate (a command)
        #expect(loader.cachedResult(for: url) == nil)
        let result = try await loader.data(for: url)
        // Then it was revalidated first (one 304), and is fresh
        #expect(server.conditionalRequestCount("/pic") == 1)
        #expect(!result.isStale && result.data == v1)
        await loader.shutdown()
        await server.stop()
    }

    @Test func mustRevalidateIsNeverShownStale() async throws {
        let server = try await TestHTTPServer(routes: ["/pic": .versioned(tag: "\"v1\"", body: v1, cacheControl: "max-age=60, must-revalidate")])
        let clock = TestClock()
        let loader = try loader(clock: clock, window: 3600)
        let url = server.url("/pic")
        _ = try await loader.data(for: url)
        clock.advance(120)
        #expect(loader.cachedResult(for: url) == nil)
        let result = try await loader.data(for: url)
        #expect(!result.isStale)
        #expect(server.conditionalRequestCount("/pic") == 1)
        await loader.shutdown()
        await server.stop()
    }
}
