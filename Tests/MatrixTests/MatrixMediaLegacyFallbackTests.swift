// MatrixMediaLegacyFallbackTests: a server without the authenticated media endpoints (404 `M_UNRECOGNIZED` on
// v1) is asked on the legacy `/_matrix/media/v3/` path — once found, at once; and error answers over HTTP
// (not yet uploaded, rate limited) are their typed errors.
import Foundation
import Matrix
import SchemeLoader
import TestSupport
import Testing

@Suite struct MatrixMediaLegacyFallbackTests {
    private let unrecognized = Data(#"{"errcode":"M_UNRECOGNIZED","error":"Unrecognized request"}"#.utf8)

    private func session(_ server: TestHTTPServer) -> MatrixSession {
        MatrixSession(homeserver: server.url("/"), userID: "@a:localhost", deviceID: "D", accessToken: "secret-token")
    }

    @Test func givenAServerWithoutV1Media_whenLoading_thenTheLegacyPathServesItAndIsAskedFirstAfterwards() async throws {
        // Given a server whose v1 endpoints are unknown and whose legacy ones serve the media
        let server = try await TestHTTPServer(routes: [
            "/_matrix/client/v1/media/download/localhost/abc": .respond(status: 404, body: unrecognized),
            "/_matrix/client/v1/media/thumbnail/localhost/abc": .respond(status: 404, body: unrecognized),
            "/_matrix/media/v3/download/localhost/abc": .respond(headers: [("Content-Type", "image/png")], body: Data("whole".utf8)),
            "/_matrix/media/v3/thumbnail/localhost/abc": .respond(headers: [("Content-Type", "image/png")], body: Data("small".utf8)),
        ])
        let loader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session(server))])

        // When the whole file, then a thumbnail are loaded
        let whole = try await loader.data(for: URL(string: "mxc://localhost/abc")!)
        let small = try await loader.data(for: URL(string: "mxc://localhost/abc?width=300&height=200")!)

        // Then both came from the legacy path, and the thumbnail did not try v1 again
        #expect(whole.data == Data("whole".utf8) && small.data == Data("small".utf8))
        #expect(server.requestCount("/_matrix/client/v1/media/download/localhost/abc") == 1)
        #expect(server.requestCount("/_matrix/client/v1/media/thumbnail/localhost/abc") == 0)
        await loader.shutdown()
        await server.stop()
    }

    @Test func givenErrorAnswers_whenLoading_thenNotYetUploadedAndRateLimitedAreSaid() async throws {
        let server = try await TestHTTPServer(routes: [
            "/_matrix/client/v1/media/download/localhost/late": .respond(
                status: 504, body: Data(#"{"errcode":"M_NOT_YET_UPLOADED","error":"Not yet"}"#.utf8)),
            "/_matrix/client/v1/media/download/localhost/busy": .respond(
                status: 429, body: Data(#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":1500}"#.utf8)),
        ])
        let loader = try SchemeLoader(handlers: [MatrixMediaSchemeHandler(session: session(server))])

        await #expect(throws: MatrixError.mediaNotYetUploaded(url: "mxc://localhost/late")) {
            try await loader.data(for: URL(string: "mxc://localhost/late")!)
        }
        await #expect(throws: MatrixError.rateLimited(retryAfterMilliseconds: 1500)) {
            try await loader.data(for: URL(string: "mxc://localhost/busy")!)
        }
        await loader.shutdown()
        await server.stop()
    }
}
