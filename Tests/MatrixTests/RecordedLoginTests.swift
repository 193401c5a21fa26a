// RecordedLoginTests: a password login against recorded Synapse answers — the request's shape, the session
// it makes, and where the token travels.
import Foundation
import Matrix
import Testing

@Suite struct RecordedLoginTests {
    @Test func givenARecordedLoginAnswer_whenLoggingIn_thenTheSessionHoldsUserDeviceAndToken() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/login": .recorded("login-ok.json")])
        let session = try await MatrixClient(transport: transport)
            .login(at: recordedBase, user: MatrixUserID("alice"), password: "secret-pw")
        #expect(session.userID == "@alice:localhost")
        #expect(session.deviceID == "QWERTYUIOP")
        #expect(session.accessToken == "syt_YWxpY2U_recordedTOKENvalue_0abc12")
        #expect(session.homeserver == recordedBase)
    }

    @Test func givenAFullUserID_whenLoggingIn_thenTheBodyIsAPasswordLoginByUserIdentifier() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/login": .recorded("login-ok.json")])
        _ = try await MatrixClient(transport: transport)
            .login(at: recordedBase, user: MatrixUserID("@alice:example.org"), password: "secret-pw")
        let request = try #require(transport.received.first)
        #expect(request.method == "POST")
        #expect(request.accessToken == nil)
        let body = try #require(try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: Any])
        #expect(body["type"] as? String == "m.login.password")
        #expect(body["password"] as? String == "secret-pw")
        let identifier = try #require(body["identifier"] as? [String: String])
        #expect(identifier == ["type": "m.id.user", "user": "@alice:example.org"])
        #expect(!request.url.absoluteString.contains("secret-pw"))
    }

    @Test func givenASession_whenAskingWhoAmI_thenTheTokenGoesInTheHeaderNeverTheURL() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/account/whoami": .recorded("whoami.json")])
        let session = MatrixSession(homeserver: recordedBase, userID: "@alice:localhost", deviceID: "QWERTYUIOP",
                                    accessToken: "syt_secret_token")
        let whoAmI = try await MatrixClient(transport: transport).whoAmI(session)
        #expect(whoAmI == WhoAmI(userID: "@alice:localhost", deviceID: "QWERTYUIOP"))
        let request = try #require(transport.received.first)
        #expect(request.accessToken == "syt_secret_token")
        #expect(!request.url.absoluteString.contains("syt_secret_token"))
        #expect(!request.followsRedirects)
    }
}
