// RecordedErrorTests: what each recorded error answer becomes — one plain sentence naming the cause.
import Foundation
import Matrix
import Testing

@Suite struct RecordedErrorTests {
    let session = MatrixSession(homeserver: recordedBase, userID: "@alice:example.org", deviceID: "D",
                                accessToken: "syt_secret_token")

    @Test func givenAForbiddenLogin_whenLoggingIn_thenTheErrorSaysTheNameOrPasswordWasRefused() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/login": .recorded("login-forbidden.json", status: 403)])
        let error = await #expect(throws: MatrixError.self) {
            try await MatrixClient(transport: transport).login(at: recordedBase, user: MatrixUserID("alice"), password: "pw")
        }
        #expect(error == .wrongCredentials)
        #expect(error?.description == "the homeserver refused the user name or password")
    }

    @Test func givenASoftLogout_whenAskingWhoAmI_thenTheErrorSaysToLogInAgain() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/account/whoami": .recorded("unknown-token-soft-logout.json", status: 401)])
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient(transport: transport).whoAmI(session) }
        #expect(error == .sessionEnded(homeserver: "https://matrix.example.org", user: "@alice:example.org", softLogout: true))
        #expect(error?.description
                == "your session has ended: log in again with snapterm login https://matrix.example.org @alice:example.org")
    }

    @Test func givenAnUnknownToken_whenLoggingOut_thenLogoutCountsAsDone() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/logout": .recorded("unknown-token.json", status: 401)])
        try await MatrixClient(transport: transport).logout(session)
    }

    @Test func givenARateLimit_whenAskingWhoAmI_thenTheErrorSaysHowLongToWait() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/account/whoami": .recorded("rate-limited.json", status: 429)])
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient(transport: transport).whoAmI(session) }
        #expect(error == .rateLimited(retryAfterMilliseconds: 2500))
        #expect(error?.description == "the homeserver asks to wait 3 s before trying again")
    }

    @Test func givenAWebServerThatIsNoHomeserver_whenCheckingVersions_thenTheErrorSaysSo() async throws {
        let transport = RecordedTransport(["/_matrix/client/versions": .recorded("not-matrix.html")])
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient(transport: transport).versions(at: recordedBase) }
        #expect(error == .notMatrixServer(url: "https://matrix.example.org"))
        #expect(error?.description == "https://matrix.example.org does not answer as a Matrix homeserver")
    }

    @Test func givenNothingListening_whenCheckingVersions_thenTheErrorSaysItCannotBeReached() async throws {
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient(transport: RecordedTransport([:])).versions(at: recordedBase) }
        #expect(error?.description == "the homeserver at https://matrix.example.org cannot be reached (connection refused)")
    }

    @Test func givenAServerError_whenAskingWhoAmI_thenTheErrorNamesStatusCodeAndMessage() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/account/whoami":
            .text(#"{"errcode": "M_UNKNOWN", "error": "Internal server error"}"#, status: 500)])
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient(transport: transport).whoAmI(session) }
        #expect(error?.description == "the homeserver answered 500 M_UNKNOWN: Internal server error")
    }

    @Test func givenATruncatedAnswer_whenAskingWhoAmI_thenTheErrorSaysItCouldNotBeRead() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/account/whoami": .text(#"{"device_id": "D"}"#)])
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient(transport: transport).whoAmI(session) }
        #expect(error == .invalidResponse(endpoint: "/account/whoami", reason: "user_id is missing"))
    }
}
