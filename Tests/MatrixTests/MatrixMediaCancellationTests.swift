// MatrixMediaCancellationTests: an `mxc://` load whose server never answers ends when its caller cancels, and
// on its own at the read timeout — naming the mxc URL, never the request's.
import Foundation
import Matrix
import SchemeLoader
import TestSupport
import Testing

@Suite struct MatrixMediaCancellationTests {
    private let path = "/_matrix/client/v1/media/download/localhost/slow"
    private let media = URL(string: "mxc://localhost/slow")!

    private func session(_ server: TestHTTPServer) -> MatrixSession {
        MatrixSession(homeserver: server.url("/"), userID: "@a:localhost", deviceID: "D", accessToken: "secret-token")
    }

    @Test func givenASilentServer_whenTheCallerCancels_thenTheLoadEndsWithCancellation() async throws {
        // Given a server that takes the request and never answers
        let server = try await TestHTTPServer(routes: [path: .silent])
        let loader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session(server))])
        let load = Task { try await loader.data(for: media) }

        // When the request reached the server and the caller cancels
        #expect(await eventually { server.requestCount(path) == 1 })
        load.cancel()

        // Then the load ends with CancellationError
        await #expect(throws: CancellationError.self) { try await load.value }
        await loader.shutdown()
        await server.stop()
    }

    @Test func givenASilentServer_whenTheReadTimeoutPasses_thenItTimesOutNamingTheMxcURL() async throws {
        let server = try await TestHTTPServer(routes: [path: .silent])
        var configuration = MatrixMediaSchemeHandler.Configuration()
        configuration.readTimeout = .milliseconds(300)
        let loader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session(server), configuration: configuration)])

        do {
            _ = try await loader.data(for: media)
            Issue.record("a silent server gave a picture")
        } catch let error as LoadError {
            guard case .timedOut(_, let url) = error else { Issue.record("not a timeout: \(error)"); return }
            #expect(url == media.absoluteString)
            #expect(!error.description.contains("secret-token"))
        }
        await loader.shutdown()
        await server.stop()
    }
}
