// The HTTP handler against a real server on 127.0.0.1: progress, statuses, limits, redirects, cancel, ETag.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct HTTPHandlerTests {
    private let body = Data((0..<200_000).map { UInt8($0 % 253) })

    private func withServer(
        _ routes: [String: TestRoute], configure: (inout HTTPSchemeHandler.Configuration) -> Void = { _ in },
        disk: URL? = nil, _ body: (TestHTTPServer, SchemeLoader) async throws -> Void
    ) async throws {
        let server = try await TestHTTPServer(routes: routes)
        var configuration = HTTPSchemeHandler.Configuration()
        configure(&configuration)
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: configuration)],
                                      configuration: SchemeLoaderConfiguration(diskDirectory: disk))
        do {
            try await body(server, loader)
        } catch {
            await loader.shutdown()
            await server.stop()
            throw error
        }
        await loader.shutdown()
        await server.stop()
    }

    @Test func progressRisesToTheExpectedLength() async throws {
        try await withServer(["/pic": .respond(headers: [("Content-Type", "image/png")], body: body, chunks: 8, delay: .milliseconds(5))]) { server, loader in
            var seen: [LoadProgress] = []
            var result: LoadResult?
            for try await event in loader.events(for: LoadRequest(url: server.url("/pic"))) {
                switch event {
                case .progress(let progress): seen.append(progress)
                case .completed(let loaded): result = loaded
                }
            }
            #expect(result?.data == body)
            #expect(result?.response.mimeType == "image/png")
            #expect(seen.allSatisfy { $0.expected == body.count })
            #expect(seen.last?.received == body.count)
            #expect(seen.map(\.received) == seen.map(\.received).sorted())
            #expect(Set(seen.map(\.received)).count >= 3, "progress arrived in steps")
        }
    }

    @Test(arguments: [404, 500])
    func errorStatusesAreTypedErrors(status: Int) async throws {
        try await withServer(["/e": .respond(status: status, body: Data("oops".utf8))]) { server, loader in
            await #expect(throws: LoadError.httpStatus(code: status, url: server.url("/e").absoluteString)) {
                try await loader.data(for: server.url("/e"))
            }
        }
    }

    @Test func aStalledServerTimesOut() async throws {
        try await withServer(["/stall": .silent], configure: { $0.readTimeout = .milliseconds(300) }) { server, loader in
            let start = ContinuousClock.now
            do {
                _ = try await loader.data(for: server.url("/stall"))
                Issue.record("expected a timeout")
            } catch let error as LoadError {
                guard case .timedOut = error else { Issue.record("wrong error: \(error)"); return }
            }
            // Far sooner than never (the bound is loose: parallel suites can hold the pool for seconds).
            #expect(ContinuousClock.now - start < .seconds(30))
        }
    }

    @Test func overLimitBodiesAreRefused() async throws {
        try await withServer([
            "/declared": .respond(body: body),
            "/chunked": .respond(headers: [("Transfer-Encoding", "chunked")], body: body, chunks: 4),
        ], configure: { $0.maxBodyBytes = 50_000 }) { server, loader in
            for path in ["/declared", "/chunked"] {
                await #expect(throws: LoadError.bodyTooLarge(limit: 50_000, url: server.url(path).absoluteString)) {
                    try await loader.data(for: server.url(path))
                }
            }
        }
    }

    @Test func redirectsAreFollowedOnlyToHTTPAndOnlyAFewTimes() async throws {
        try await withServer([
            "/to-file": .respond(status: 302, headers: [("Location", "file:///etc/passwd")]),
            "/hop": .respond(status: 301, headers: [("Location", "/pic")]),
            "/pic": .respond(body: Data("here".utf8)),
            "/loop": .respond(status: 302, headers: [("Location", "/loop")]),
        ]) { server, loader in
            await #expect(throws: LoadError.redirectNotAllowed(to: "file:///etc/passwd")) {
                try await loader.data(for: server.url("/to-file"))
            }
            let hopped = try await loader.data(for: server.url("/hop"))
            #expect(hopped.data == Data("here".utf8))
            await #expect(throws: LoadError.tooManyRedirects(limit: 5, url: server.url("/loop").absoluteString)) {
                try await loader.data(for: server.url("/loop"))
            }
            #expect(server.requestCount("/loop") == 6)
        }
    }

    @Test func cancellingMidBodyClosesTheConnection() async throws {
        try await withServer(["/half": .stallAfter(prefix: Data(count: 1000), declaredLength: 100_000)]) { server, loader in
            let received = ResultBox()
            let progressed = ProgressFlag()
            let token = loader.load(LoadRequest(url: server.url("/half")), progress: { if $0.received > 0 { progressed.set() } },
                                    completion: received.add)
            #expect(await LoaderFixtures.eventually { progressed.isSet })
            #expect(server.openConnections == 1)
            token.cancel()
            #expect(await LoaderFixtures.eventually { server.closedConnections == 1 })
            #expect(server.openConnections == 0)
        }
    }

    @Test func aStaleCopyIsRevalidatedWithItsETag() async throws {
        let directory = try TemporaryDirectory()
        try await withServer(["/tagged": .entityTagged(tag: "\"v1\"", body: body)], disk: directory.url) { server, loader in
            let first = try await loader.data(for: server.url("/tagged"))
            #expect(first.source == .handler)
            #expect(first.response.validators.entityTag == "\"v1\"")
            let second = try await loader.data(for: server.url("/tagged"))
            #expect(second.source == .memory, "no-cache: revalidated, then served from the copy in memory")
            #expect(second.data == body)
            #expect(server.conditionalRequestCount("/tagged") == 1)
            await loader.waitForPendingWrites()
            loader.memoryCache.removeAll()
            let third = try await loader.data(for: server.url("/tagged"))
            #expect(third.source == .disk, "no-cache: revalidated, then served from disk")
            #expect(third.data == body)
            #expect(server.conditionalRequestCount("/tagged") == 2)
            #expect(server.requestCount("/tagged") == 3)
        }
    }

    @Test func maxAgeMakesTheDiskCopyFreshWithoutAsking() async throws {
        let directory = try TemporaryDirectory()
        try await withServer(["/fresh": .respond(headers: [("Cache-Control", "max-age=600")], body: body)], disk: directory.url) { server, loader in
            _ = try await loader.data(for: server.url("/fresh"))
            await loader.waitForPendingWrites()
            loader.memoryCache.removeAll()
            let again = try await loader.data(for: server.url("/fresh"))
            #expect(again.source == .disk)
            #expect(server.requestCount("/fresh") == 1)
        }
    }

    @Test func noStoreIsNeverCached() async throws {
        try await withServer(["/private": .respond(headers: [("Cache-Control", "no-store")], body: body)]) { server, loader in
            _ = try await loader.data(for: server.url("/private"))
            let again = try await loader.data(for: server.url("/private"))
            #expect(again.source == .handler)
            #expect(server.requestCount("/private") == 2)
        }
    }

    @Test func aRefusedConnectionIsANetworkError() async throws {
        var configuration = HTTPSchemeHandler.Configuration()
        configuration.connectTimeout = .milliseconds(500)
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: configuration)])
        defer { Task { await loader.shutdown() } }
        do {
            _ = try await loader.data(for: URL(string: "http://127.0.0.1:1/x")!)
            Issue.record("expected an error")
        } catch let error as LoadError {
            guard case .network = error else { Issue.record("wrong error: \(error)"); return }
        }
    }
}

/// A flag set from a callback.
final class ProgressFlag: Sendable {
    private let flag = Locked(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: Bool { flag.withLock { $0 } }
}
