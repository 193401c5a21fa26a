// The HTTP handler against a misbehaving loopback server: every fault is a typed error within the
// configured limits — a drip never outlives the whole-request deadline, a short or reset body is
// a network error (never a truncated picture), huge headers are refused, https never downgrades.
@testable import SchemeLoader
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct HTTPFaultTests {
    private func withServer(
        _ routes: [String: TestRoute], configure: (inout HTTPSchemeHandler.Configuration) -> Void = { _ in },
        _ body: (TestHTTPServer, SchemeLoader) async throws -> Void
    ) async throws {
        let server = try await TestHTTPServer(routes: routes)
        let disk = try TemporaryDirectory()
        var configuration = HTTPSchemeHandler.Configuration()
        configuration.connectTimeout = .seconds(2)
        configuration.readTimeout = .seconds(3)
        configuration.totalTimeout = .seconds(10)
        configure(&configuration)
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: configuration)],
                                      configuration: SchemeLoaderConfiguration(diskDirectory: disk.url))
        do {
            try await body(server, loader)
        } catch {
            Issue.record(error)
        }
        await loader.shutdown()
        await server.stop()
    }

    /// Loads `url`, expecting a `LoadError` that `matches` within `limit` (limits are loose: parallel
    /// suites can hold the cooperative pool for seconds; the error's kind is what names the cause).
    @discardableResult
    private func expectFailure(
        _ loader: SchemeLoader, _ url: URL, within limit: Duration, _ matches: (LoadError) -> Bool
    ) async -> LoadError? {
        let start = ContinuousClock.now
        do {
            let result = try await loader.data(for: url)
            Issue.record("expected a failure, got \(result.data.count) bytes after \(ContinuousClock.now - start)")
            return nil
        } catch let error as LoadError {
            let elapsed = ContinuousClock.now - start
            #expect(matches(error), "wrong error: \(error)")
            #expect(elapsed < limit, "took \(elapsed)")
            return error
        } catch {
            Issue.record("untyped error: \(error)")
            return nil
        }
    }

    @Test func aDripFeedingServerHitsTheWholeRequestDeadline() async throws {
        // Given a body of 320 bytes sent a byte every 250 ms (80 s in all, never silent for the read timeout,
        // which is long here so that a server starved by parallel suites still drips within it)
        let drip = TestRoute.respond(body: Data(repeating: 7, count: 320), chunks: 320, delay: .milliseconds(250))
        try await withServer(["/drip": drip], configure: { $0.totalTimeout = .milliseconds(1500); $0.readTimeout = .seconds(20) }) { server, loader in
            // When it is loaded with a 1.5 s whole-request deadline, then it times out well before the drip ends
            // (the bound is loose: a loaded machine running parallel suites once took 25.7 s to get there)
            await expectFailure(loader, server.url("/drip"), within: .seconds(50)) {
                if case .timedOut(let phase, _) = $0 { return phase == "whole request" } else { return false }
            }
            // And the connection is given up
            #expect(await LoaderFixtures.eventually(timeout: .seconds(10)) { server.openConnections == 0 })
            #expect(loader.statistics.inFlight == 0)
        }
    }

    @Test func aStallMidBodyIsAReadTimeout() async throws {
        let stall = TestRoute.stallAfter(prefix: Data(count: 1000), declaredLength: 100_000)
        try await withServer(["/stall": stall], configure: { $0.readTimeout = .milliseconds(400) }) { server, loader in
            await expectFailure(loader, server.url("/stall"), within: .seconds(30)) {
                if case .timedOut = $0 { return true } else { return false }
            }
        }
    }

    @Test func aBodyShorterThanItsContentLengthIsAnError() async throws {
        // Given a server that declares 5000 bytes, sends 1000 and closes the connection
        let liar = TestRoute.closeAfter(prefix: Data(repeating: 1, count: 1000), declaredLength: 5000, reset: false)
        try await withServer(["/short": liar]) { server, loader in
            // When it is loaded, then it is a network error, and nothing is cached
            await expectFailure(loader, server.url("/short"), within: .seconds(30)) {
                if case .network = $0 { return true } else { return false }
            }
            #expect(await loader.diskCache?.usage.count == 0)
        }
    }

    @Test func aResetMidBodyIsANetworkError() async throws {
        let reset = TestRoute.closeAfter(prefix: Data(repeating: 2, count: 20_000), declaredLength: 200_000, reset: true)
        try await withServer(["/reset": reset]) { server, loader in
            await expectFailure(loader, server.url("/reset"), within: .seconds(30)) {
                if case .network = $0 { return true } else { return false }
            }
            #expect(await loader.diskCache?.usage.count == 0)
        }
    }

    @Test(arguments: [100 << 10, 4 << 20])
    func hugeHeadersAreRefused(size: Int) async throws {
        // Given a response carrying one enormous header
        let huge = TestRoute.respond(headers: [("X-Filler", String(repeating: "a", count: size))], body: Data("ok".utf8))
        // (a long read timeout: under the whole suite the server can be slow to start answering; the error's kind is the point)
        try await withServer(["/huge": huge], configure: { $0.readTimeout = .seconds(20); $0.totalTimeout = .seconds(30) }) { server, loader in
            // When it is loaded, then it is a typed error, at once
            // (SwiftNIO's parser stops at 80 KiB of header bytes)
            await expectFailure(loader, server.url("/huge"), within: .seconds(30)) {
                if case .network(let reason, _) = $0 { return reason.contains("header") } else { return false }
            }
        }
    }

    @Test func httpsNeverRedirectsDownToHTTP() throws {
        let from = URL(string: "https://pictures.example/a.png")!
        // An https → http redirect (absolute or scheme-relative to http) is refused, naming both ends
        let downgrade = HTTPSchemeHandler.redirectTarget(location: "http://pictures.example/a.png", from: from)
        #expect(downgrade == .failure(.insecureRedirect(from: from.absoluteString, to: "http://pictures.example/a.png")))
        // https → https and http → https and http → http are followed
        #expect(try HTTPSchemeHandler.redirectTarget(location: "/b.png", from: from)?.get().absoluteString == "https://pictures.example/b.png")
        let plain = URL(string: "http://pictures.example/a.png")!
        #expect(try HTTPSchemeHandler.redirectTarget(location: "https://x.example/", from: plain)?.get().absoluteString == "https://x.example/")
        #expect(try HTTPSchemeHandler.redirectTarget(location: "/c", from: plain)?.get().absoluteString == "http://pictures.example/c")
        // and non-HTTP targets stay refused
        #expect(HTTPSchemeHandler.redirectTarget(location: "file:///etc/passwd", from: from) == .failure(.redirectNotAllowed(to: "file:///etc/passwd")))
    }
}
