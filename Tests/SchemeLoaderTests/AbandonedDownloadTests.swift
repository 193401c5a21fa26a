// AbandonedDownloadTests: a download every caller left runs on for a while — into the caches, joined by a caller who
// wants it again — unless another request to its host is waiting for the turn.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct AbandonedDownloadTests {
    private static let picture = Data((0..<40_000).map { UInt8($0 % 253) })
    /// The picture in 4 pieces 150 ms apart: a download that is under way for about half a second.
    private static let slowPicture = TestRoute.respond(headers: [("Cache-Control", "max-age=3600")], body: picture, chunks: 4,
                                                       delay: .milliseconds(150))

    private func loader(perHost: Int = 8, grace: Duration = .seconds(2)) throws -> SchemeLoader {
        var handler = HTTPSchemeHandler.Configuration()
        handler.connectionsPerHost = perHost
        handler.abandonedDownloadGrace = grace
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: handler)])
    }

    private static func wasCancelled(_ box: ResultBox) -> Bool {
        box.first.map { if case .failure(let error) = $0 { error is CancellationError } else { false } } == true
    }

    @Test func aDownloadWantedAgainWhileItRunsOnIsNotRequestedTwice() async throws {
        // Given a download under way whose caller cancelled it (its row scrolled away)
        let server = try await TestHTTPServer(routes: ["/p": Self.slowPicture])
        let loader = try loader()
        let first = ResultBox()
        let token = loader.load(server.url("/p")) { first.add($0) }
        #expect(await eventually { server.requestCount("/p") == 1 })
        token.cancel()
        #expect(Self.wasCancelled(first), "the caller who left hears it at once")
        // When the row comes back and asks again
        let again = try await loader.data(for: server.url("/p"))
        // Then it joined the download still running (or found what it left in the cache): one request in all
        #expect(again.data == Self.picture)
        #expect(server.requestCount("/p") == 1)
        await loader.shutdown()
        await server.stop()
    }

    @Test func aDownloadNobodyWantsAnyMoreStillFillsTheCache() async throws {
        // Given a download under way whose only caller cancelled it
        let server = try await TestHTTPServer(routes: ["/p": Self.slowPicture])
        let loader = try loader()
        let token = loader.load(server.url("/p")) { _ in }
        #expect(await eventually { server.requestCount("/p") == 1 })
        token.cancel()
        // When it has had time to finish
        // Then the picture is in the memory cache, from that one request
        #expect(await eventually(timeout: .seconds(20)) { loader.cachedResult(for: server.url("/p")) != nil })
        #expect(loader.cachedResult(for: server.url("/p"))?.data == Self.picture)
        #expect(server.requestCount("/p") == 1)
        await loader.shutdown()
        await server.stop()
    }

    @Test func aRequestWaitingForTheTurnEndsTheAbandonedDownloadAtOnce() async throws {
        // Given one request per host, held by a download nobody wants any more that could run on for a minute
        let server = try await TestHTTPServer(routes: ["/silent": .silent, "/ok": .respond(body: Self.picture)])
        let loader = try loader(perHost: 1, grace: .seconds(60))
        let token = loader.load(server.url("/silent")) { _ in }
        #expect(await eventually { server.requestCount("/silent") == 1 })
        token.cancel()
        // When a request the list wants arrives for the same host
        let next = ResultBox()
        loader.load(server.url("/ok")) { next.add($0) }
        // Then it gets the turn long before the abandoned download's minute is up
        #expect(await eventually(timeout: .seconds(20)) { next.count == 1 })
        #expect((try? next.first?.get())?.data == Self.picture)
        await loader.shutdown()
        await server.stop()
    }

    @Test func anAbandonedDownloadEndsWhenItsGraceIsOver() async throws {
        // Given a download the server never finishes, abandoned, with a 300 ms grace
        let server = try await TestHTTPServer(routes: ["/silent": .silent])
        let loader = try loader(grace: .milliseconds(300))
        let token = loader.load(server.url("/silent")) { _ in }
        #expect(await eventually { server.requestCount("/silent") == 1 })
        token.cancel()
        // When the grace is over
        // Then its connection is closed and the loader no longer counts it in flight
        #expect(await eventually(timeout: .seconds(20)) { server.closedConnections >= 1 })
        #expect(await eventually(timeout: .seconds(20)) { loader.statistics.inFlight == 0 })
        // and asking again sends a new request
        let again = loader.load(server.url("/silent")) { _ in }
        #expect(await eventually { server.requestCount("/silent") == 2 })
        again.cancel()
        await loader.shutdown()
        await server.stop()
    }
}
