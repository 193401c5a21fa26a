// HTTPConnectionBudgetTests: each host gets a few requests at once, urgent ones first.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct HTTPConnectionBudgetTests {
    private static let picture = Data((0..<4_000).map { UInt8($0 % 251) })

    private func routes(_ count: Int) -> [String: TestRoute] {
        Dictionary(uniqueKeysWithValues: (0..<count).map { ("/p\($0)", TestRoute.respond(body: Self.picture)) })
    }

    /// A loader over one HTTP handler allowing `perHost` requests per host.
    private func loader(perHost: Int) throws -> SchemeLoader {
        var handler = HTTPSchemeHandler.Configuration()
        handler.connectionsPerHost = perHost
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: handler)])
    }

    @Test func downloadsFromOneHostOverlapUpToItsLimit() async throws {
        // Given a server answering each request after 100 ms, and 8 requests per host
        let server = try await TestHTTPServer(routes: routes(24), latency: .milliseconds(100))
        let loader = try loader(perHost: 8)
        // When 24 pictures are loaded at once
        try await withThrowingTaskGroup(of: Data.self) { group in
            for index in 0..<24 { group.addTask { try await loader.data(for: server.url("/p\(index)")).data } }
            for try await data in group { #expect(data == Self.picture) }
        }
        // Then several were in flight at once, never more than 8, over at most 8 connections
        #expect((2...8).contains(server.peakRequestsInFlight))
        #expect(server.openedConnections <= 8)
        await loader.shutdown()
        await server.stop()
    }

    @Test func aCancelledDownloadFreesItsTurnForTheNextRequest() async throws {
        // Given one request per host, taken by a request the server never answers
        let server = try await TestHTTPServer(routes: ["/silent": .silent, "/ok": .respond(body: Self.picture)])
        let loader = try loader(perHost: 1)
        let stuck = ResultBox()
        let token = loader.load(server.url("/silent")) { stuck.add($0) }
        #expect(await eventually { server.requestCount("/silent") == 1 })
        let next = ResultBox()
        loader.load(server.url("/ok")) { next.add($0) }
        // When the stuck request is cancelled (its row scrolled away)
        token.cancel()
        // Then the waiting request gets the turn and loads
        #expect(await eventually { next.count == 1 })
        #expect((try? next.first?.get())?.data == Self.picture)
        #expect(stuck.first.map { if case .failure(let error) = $0 { error is CancellationError } else { false } } == true)
        await loader.shutdown()
        await server.stop()
    }

    @Test func theMostUrgentWaitingRequestGetsTheNextTurn() async throws {
        // Given one request per host, busy, and three requests waiting at different priorities
        let gateRoute = TestRoute.respond(body: Self.picture)
        let server = try await TestHTTPServer(routes: ["/first": gateRoute, "/low": gateRoute, "/normal": gateRoute, "/raised": gateRoute],
                                              latency: .milliseconds(300))
        let loader = try loader(perHost: 1)
        let order = Locked<[String]>([])
        func load(_ path: String, _ priority: LoadPriority) -> LoadToken {
            loader.load(LoadRequest(url: server.url(path), priority: priority)) { _ in order.withLock { $0.append(path) } }
        }
        _ = load("/first", .normal)
        #expect(await eventually { server.requestCount("/first") == 1 })
        _ = load("/low", .low)
        _ = load("/normal", .normal)
        let raised = load("/raised", .low)
        // When a waiting one is raised (its row became visible)
        raised.setPriority(.veryHigh)
        // Then it is sent next, then the others by priority
        #expect(await eventually { order.withLock { $0.count } == 4 })
        #expect(order.withLock { $0 } == ["/first", "/raised", "/normal", "/low"])
        await loader.shutdown()
        await server.stop()
    }
}
