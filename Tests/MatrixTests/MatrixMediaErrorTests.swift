// MatrixMediaErrorTests: what an `mxc://` load that fails says — a wrong media id, an ended session, a body over
// the limit against the real Synapse; not yet uploaded, rate limited and server failures from their answers.
import Foundation
import Matrix
import SchemeLoader
import TestSupport
import Testing

@Suite struct MatrixMediaErrorTests {
    @Test func givenAWrongMediaID_whenLoading_thenItSaysTheServerHasNoSuchPicture() async throws {
        let fixture = try await MatrixMediaFixture.make()
        let loader = try fixture.loader()
        let wrong = "mxc://localhost/NoSuchMedia0123456789"

        await #expect(throws: MatrixError.mediaNotFound(url: wrong)) { try await loader.data(for: URL(string: wrong)!) }
        #expect(MatrixError.mediaNotFound(url: wrong).description == "the homeserver has no picture or file at \(wrong)")
        await loader.shutdown()
        await fixture.finish()
    }

    @Test func givenAnEndedSession_whenLoading_thenItSaysToLogInAgainWithoutTheToken() async throws {
        // Given a session whose token the server no longer knows
        let fixture = try await MatrixMediaFixture.make()
        var ended = fixture.session
        ended.accessToken = "syt_not_a_token_\(UUID().uuidString)"
        let loader = try fixture.loader(session: ended)

        // When its picture is loaded, Then the error tells to log in again and never shows the token
        do {
            _ = try await loader.data(for: URL(string: fixture.mxc)!)
            Issue.record("a load with an unknown token succeeded")
        } catch let error as MatrixError {
            guard case .sessionEnded = error else { Issue.record("not a session end: \(error)"); return }
            #expect(error.description.contains("log in again with snapterm login"))
            #expect(!error.description.contains(ended.accessToken))
        }
        await loader.shutdown()
        await fixture.finish()
    }

    @Test func givenABodyOverTheLimit_whenLoading_thenTheTransferStopsSayingSo() async throws {
        let fixture = try await MatrixMediaFixture.make()
        var configuration = MatrixMediaSchemeHandler.Configuration()
        configuration.maxBodyBytes = 1000
        let loader = try fixture.loader(configuration)

        await #expect(throws: LoadError.bodyTooLarge(limit: 1000, url: fixture.mxc)) { try await loader.data(for: URL(string: fixture.mxc)!) }
        await loader.shutdown()
        await fixture.finish()
    }

    @Test func givenErrorAnswers_whenRead_thenEachIsItsOwnTypedErrorWithASentence() throws {
        let session = MatrixSession(homeserver: URL(string: "http://127.0.0.1:1")!, userID: "@a:localhost", deviceID: "D",
                                    accessToken: "secret-token")
        let media = "mxc://localhost/abc"
        func error(_ status: Int, _ json: String) -> any Error {
            MatrixMediaSchemeHandler.error(status: status, body: Data(json.utf8), media: media, session: session)
        }
        #expect(error(504, #"{"errcode":"M_NOT_YET_UPLOADED","error":"Not uploaded"}"#) as? MatrixError == .mediaNotYetUploaded(url: media))
        #expect(error(429, #"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":2500}"#) as? MatrixError == .rateLimited(retryAfterMilliseconds: 2500))
        #expect(error(404, #"{"errcode":"M_NOT_FOUND","error":"Not found"}"#) as? MatrixError == .mediaNotFound(url: media))
        #expect(error(502, "<html>bad gateway</html>") as? LoadError == .httpStatus(code: 502, url: media))
        let soft = error(401, #"{"errcode":"M_UNKNOWN_TOKEN","soft_logout":true}"#) as? MatrixError
        #expect(soft == .sessionEnded(homeserver: "http://127.0.0.1:1", user: "@a:localhost", softLogout: true))
        let echoed = error(400, #"{"errcode":"M_UNKNOWN","error":"bad header Bearer secret-token"}"#)
        #expect(!String(describing: echoed).contains("secret-token"))
        #expect(MatrixError.mediaNotYetUploaded(url: media).description.contains("not uploaded yet"))
        #expect(MatrixError.rateLimited(retryAfterMilliseconds: 2500).description == "the homeserver asks to wait 3 s before trying again")
    }
}
