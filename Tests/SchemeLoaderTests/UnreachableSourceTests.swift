// UnreachableSourceTests: with the server gone or the loader offline, every cached picture is still served
// (marked stale), nothing cached is dropped, and what is not cached fails with a typed error at once.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct UnreachableSourceTests {
    /// The loopback address of this suite's servers and listeners.
    static let host = "127.0.0.77"
    private let body = Data((0..<30_000).map { UInt8($0 % 239) })

    private func loader(disk: URL, offline: Bool = false, connectTimeout: Duration = .seconds(30),
                        now: @escaping @Sendable () -> Date = { Date() }) throws -> SchemeLoader {
        var http = HTTPSchemeHandler.Configuration()
        http.isOffline = offline
        http.connectTimeout = connectTimeout
        var configuration = SchemeLoaderConfiguration(diskDirectory: disk)
        configuration.now = now
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: http)], configuration: configuration)
    }

    /// Loads every path once from a live server into the disk cache at `disk`, then stops the server.
    private func cacheAndStop(_ paths: [String], cacheControl: String, disk: URL) async throws -> [URL] {
        let routes = Dictionary(uniqueKeysWithValues: paths.map { ($0, TestRoute.versioned(tag: "\"\($0)\"", body: body, cacheControl: cacheControl)) })
        // An address of this suite's own: no other test's server can take the port once this one stops
        let server = try await TestHTTPServer(routes: routes, host: Self.host)
        let first = try loader(disk: disk)
        let urls = paths.map(server.url)
        for url in urls { _ = try await first.data(for: url) }
        await first.shutdown()
        await server.stop()
        return urls
    }

    @Test func withTheServerGoneEveryStaleCachedPictureIsServedAndKept() async throws {
        let folder = try TemporaryDirectory()
        let urls = try await cacheAndStop(["/a", "/b", "/c"], cacheControl: "max-age=1", disk: folder.url)
        // Given a new process an hour later (every copy stale), with the server gone
        let later: @Sendable () -> Date = { Date().addingTimeInterval(3600) }
        let loader = try loader(disk: folder.url, now: later)
        // When each picture is loaded
        var waits: [Duration] = []
        for url in urls {
            let start = ContinuousClock.now
            let result = try await loader.data(for: url)
            waits.append(ContinuousClock.now - start)
            // Then its cached copy is served, marked stale
            #expect(result.data == body && result.isStale && result.source == .disk)
        }
        // and none waited for the connect timeout (30 s; retrying a refused connection waited all of it): a
        // refused connection is not retried, and after it the server is known to be gone (alone each load
        // takes milliseconds; half the timeout leaves room for a loaded suite)
        #expect(waits.allSatisfy { $0 < .seconds(15) }, "\(waits)")
        #expect(loader.statistics.staleServedOnError == 3)
        #expect(loader.statistics.failures == 0)
        await loader.shutdown()
        // and the failed revalidations dropped nothing: yet another process still has every copy
        let third = try self.loader(disk: folder.url, offline: true, now: later)
        for url in urls { #expect(try await third.data(for: url).data == body) }
        await third.shutdown()
    }

    @Test func withTheHostTakingNoConnectionNoLoadWaitsMuchBeyondOneConnectTimeout() async throws {
        let folder = try TemporaryDirectory()
        let paths = (1...12).map { "/p\($0)" }
        let urls = try await cacheAndStop(paths, cacheControl: "max-age=1", disk: folder.url)
        // Given every copy stale, and the server's port now taking no connection (a network that drops packets)
        let port = try #require(urls.first?.port)
        let silent = try UnacceptingListener(host: Self.host, port: port)
        let timeout = Duration.seconds(4)
        let loader = try loader(disk: folder.url, connectTimeout: timeout, now: { Date().addingTimeInterval(3600) })
        // When all twelve are asked for at once (eight get a turn at the host, four wait for one)
        let start = ContinuousClock.now
        let waits = try await withThrowingTaskGroup(of: (Duration, Bool).self) { group in
            for url in urls {
                group.addTask {
                    let result = try await loader.data(for: url)
                    return (ContinuousClock.now - start, result.isStale && result.data == self.body)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        // Then every stale copy was served, and none waited for a second connect timeout: once the first eight
        // found the host gone, the four behind them were not sent to wait for it again
        #expect(waits.count == 12 && waits.allSatisfy(\.1))
        #expect(waits.allSatisfy { $0.0 < timeout * 1.75 }, "\(waits.map(\.0))")
        #expect(loader.statistics.staleServedOnError == 12)
        await loader.shutdown()
        withExtendedLifetime(silent) {}
    }

    @Test func offlineServesFreshAndStaleCopiesAndSendsNothing() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer(routes: [
            "/cached": .versioned(tag: "\"x\"", body: body, cacheControl: "max-age=1"), "/never": .respond(body: body)])
        let online = try loader(disk: folder.url)
        _ = try await online.data(for: server.url("/cached"))
        await online.shutdown()
        // Given an offline loader an hour later, the server still up
        let offline = try loader(disk: folder.url, offline: true, now: { Date().addingTimeInterval(3600) })
        // Then the cached picture is served stale, the other fails naming offline, and no request was sent
        let cached = try await offline.data(for: server.url("/cached"))
        #expect(cached.isStale && cached.data == body)
        await #expect(throws: LoadError.offline(url: server.url("/never").absoluteString)) {
            try await offline.data(for: server.url("/never"))
        }
        #expect(server.requestCount("/cached") == 1 && server.requestCount("/never") == 0)
        await offline.shutdown()
        await server.stop()
    }

    @Test func mustRevalidateFailsRatherThanServeAStaleCopy() async throws {
        let folder = try TemporaryDirectory()
        let urls = try await cacheAndStop(["/strict"], cacheControl: "max-age=1, must-revalidate", disk: folder.url)
        let loader = try loader(disk: folder.url, now: { Date().addingTimeInterval(3600) })
        await #expect(throws: LoadError.self) { try await loader.data(for: urls[0]) }
        await loader.shutdown()
    }
}
