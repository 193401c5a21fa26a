// The HTTP handler starts its connection pool (and event loop threads) only when an http URL is asked for.
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
}
