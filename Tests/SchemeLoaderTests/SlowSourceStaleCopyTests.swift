// SlowSourceStaleCopyTests: a stale cached picture whose server does not answer within the handler's budget is
// served at once and checked behind it (a dead network costs no connect timeout); a copy that must not be served
// stale still waits; a source that answers in time is used as before.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct SlowSourceStaleCopyTests {
    /// This suite's loopback address: a stopped server's port stays free for the listener that replaces it.
    static let host = "127.0.0.78"
    private let body = Data((0..<20_000).map { UInt8($0 % 241) })

    private func loader(disk: URL, budget: Duration?, connectTimeout: Duration = .seconds(30)) throws -> SchemeLoader {
        var http = HTTPSchemeHandler.Configuration()
        http.staleCopyBudget = budget
        http.connectTimeout = connectTimeout
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: http)],
                                configuration: SchemeLoaderConfiguration(diskDirectory: disk))
    }

    /// Caches every path from a live server (`max-age=0`: stale at once, with a validator), then stops the server.
    private func cacheAndStop(_ paths: [String], cacheControl: String, disk: URL) async throws -> [URL] {
        let routes = Dictionary(uniqueKeysWithValues: paths.map { ($0, TestRoute.versioned(tag: "\"v1\"", body: body, cacheControl: cacheControl)) })
        let server = try await TestHTTPServer(routes: routes, host: Self.host)
        let first = try loader(disk: disk, budget: nil)
        let urls = paths.map(server.url)
        for url in urls { _ = try await first.data(for: url) }
        await first.shutdown()
        await server.stop()
        return urls
    }

    @Test func withTheHostTakingNoConnectionTheStaleCopiesAreServedWhileTheirChecksStillWait() async throws {
        let folder = try TemporaryDirectory()
        let urls = try await cacheAndStop(["/a", "/b", "/c"], cacheControl: "max-age=0", disk: folder.url)
        // Given the host's port taking no connection (a dead network): a connect would wait its whole 30 s
        let silent = try UnacceptingListener(host: Self.host, port: try #require(urls.first?.port))
        let loader = try loader(disk: folder.url, budget: .milliseconds(300))
        // When the three pictures are asked for
        let results = try await withThrowingTaskGroup(of: LoadResult.self) { group in
            for url in urls { group.addTask { try await loader.data(for: url) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then each cached copy was served, marked stale, while the checks of their server are still connecting
        #expect(results.count == 3 && results.allSatisfy { $0.isStale && $0.data == body && $0.source == .disk })
        let statistics = loader.statistics
        #expect(statistics.staleServedForSlowSource == 3)
        #expect(statistics.staleServedOnError == 0)
        #expect(statistics.backgroundRevalidations == 3)
        #expect(statistics.inFlight >= 1, "the background checks were still waiting for the connection")
        await loader.shutdown()
        withExtendedLifetime(silent) {}
    }

    @Test func aCopyThatMustBeRevalidatedWaitsForItsServer() async throws {
        let folder = try TemporaryDirectory()
        let urls = try await cacheAndStop(["/strict"], cacheControl: "max-age=0, must-revalidate", disk: folder.url)
        let silent = try UnacceptingListener(host: Self.host, port: try #require(urls.first?.port))
        // Given a copy that must not be served stale, and a host taking no connection (1 s connect timeout)
        let loader = try loader(disk: folder.url, budget: .milliseconds(100), connectTimeout: .seconds(1))
        // Then the load fails with the timeout rather than show the copy
        await #expect(throws: LoadError.self) { try await loader.data(for: urls[0]) }
        #expect(loader.statistics.staleServedForSlowSource == 0)
        await loader.shutdown()
        withExtendedLifetime(silent) {}
    }

    @Test func aServerAnsweringWithinTheBudgetRevalidatesTheCopyAsBefore() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer(routes: ["/p": .versioned(tag: "\"v1\"", body: body, cacheControl: "max-age=0")])
        let first = try loader(disk: folder.url, budget: nil)
        _ = try await first.data(for: server.url("/p"))
        await first.shutdown()
        // Given a budget no loaded machine exceeds on loopback
        let loader = try loader(disk: folder.url, budget: .seconds(30))
        // Then the copy is confirmed by the server (304), not served stale
        let result = try await loader.data(for: server.url("/p"))
        #expect(!result.isStale && result.data == body)
        #expect(server.conditionalRequestCount("/p") == 1)
        #expect(loader.statistics.staleServedForSlowSource == 0)
        await loader.shutdown()
        await server.stop()
    }

    @Test func aSlowServerWithANewVersionReplacesTheCopyServedMeanwhile() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer(routes: ["/p": .versioned(tag: "\"v1\"", body: body, cacheControl: "max-age=0")])
        let first = try loader(disk: folder.url, budget: nil)
        _ = try await first.data(for: server.url("/p"))
        await first.shutdown()
        // Given the server now answering with a new version, its second half only after 3 s
        let newer = Data("the new version".utf8)
        server.setRoute("/p", to: .respond(headers: [("ETag", "\"v2\""), ("Cache-Control", "max-age=60")], body: newer,
                                           chunks: 2, delay: .seconds(3)))
        let loader = try loader(disk: folder.url, budget: .milliseconds(100))
        let refreshed = Locked<[(URL, Bool)]>([])
        loader.addRefreshObserver { url, changed in refreshed.withLock { $0.append((url, changed)) } }
        // When the picture is asked for: the old copy at once
        let result = try await loader.data(for: server.url("/p"))
        #expect(result.isStale && result.data == body)
        // Then the check behind it brings the new version, and says it changed
        #expect(await eventually { !refreshed.withLock { $0 }.isEmpty })
        #expect(refreshed.withLock { $0.first?.1 } == true)
        #expect(try await loader.data(for: server.url("/p")).data == newer)
        await loader.shutdown()
        await server.stop()
    }
}
