// The HTTP handler starts its connection pool (and event loop threads) only when an http URL is asked for, and a
// handler dropped without shutdown() still closes it (it crashed a debug build: AsyncHTTPClient's deinit check).
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct HTTPClientStartTests {
    @Test func noClientUntilTheFirstHTTPRequest() async throws {
        // Given a loader with the HTTP handler and a file handler
        let root = try TemporaryDirectory()
        try Data("x".utf8).write(to: root.appending("a.txt"))
        let http = HTTPSchemeHandler()
        let loader = try SchemeLoader(handlers: [http, FileSchemeHandler(allowedRoots: [root.url])])
        // When only a file is loaded, no client has been started
        _ = try await loader.data(for: root.appending("a.txt"))
        #expect(!http.hasStartedClient)
        // Then an http URL (refused port: fails fast) starts it
        _ = try? await loader.data(for: URL(string: "http://127.0.0.1:1/x")!)
        #expect(http.hasStartedClient)
        await loader.shutdown()
    }

    @Test func aHandlerDroppedWithoutShutdownClosesItsConnections() async throws {
        // Given a server and a loader that fetched from it over a kept-alive connection
        let server = try await TestHTTPServer(routes: ["/a": .respond(headers: [], body: Data("a".utf8))])
        do {
            let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()])
            #expect(try await loader.data(for: server.url("/a")).data == Data("a".utf8))
            #expect(server.openConnections == 1)
            // When the loader (and so its handler) goes away without shutdown() — the end of this scope
        }
        // Then the process lives on, and the connection is closed
        #expect(await eventually { server.openConnections == 0 })
        await server.stop()
    }
}
