// ErrorSecretsTests: no password or access token ever reaches an error's text or a session's descriptions,
// even from a server that echoes what it was sent.
import Foundation
import Matrix
import Testing

@Suite struct ErrorSecretsTests {
    @Test func givenAServerEchoingThePassword_whenLoginFails_thenTheErrorTextHidesIt() async throws {
        let password = "correct horse battery staple"
        let transport = RecordedTransport(["/_matrix/client/v3/login":
            .text(#"{"errcode": "M_BAD_JSON", "error": "bad password: correct horse battery staple"}"#, status: 400)])
        let error = await #expect(throws: MatrixError.self) {
            try await MatrixClient(transport: transport).login(at: recordedBase, user: MatrixUserID("alice"), password: password)
        }
        let text = try #require(error).description
        #expect(!text.contains(password))
        #expect(text == "the homeserver answered 400 M_BAD_JSON: bad password: …")
    }

    @Test func givenAServerEchoingTheToken_whenARequestFails_thenTheErrorTextHidesIt() async throws {
        let token = "syt_abcdefSECRET_123"
        let session = MatrixSession(homeserver: recordedBase, userID: "@alice:localhost", deviceID: "D", accessToken: token)
        let transport = RecordedTransport(["/_matrix/client/v3/account/whoami":
            .text(#"{"errcode": "M_UNKNOWN", "error": "token syt_abcdefSECRET_123 broke"}"#, status: 500)])
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient(transport: transport).whoAmI(session) }
        #expect(!(try #require(error).description.contains(token)))
        #expect(!String(reflecting: try #require(error)).contains(token))
    }

    @Test func givenASession_whenPrintedDebugPrintedOrDumped_thenTheTokenIsAbsent() {
        let token = "syt_abcdefSECRET_123"
        let session = MatrixSession(homeserver: recordedBase, userID: "@alice:localhost", deviceID: "D", accessToken: token)
        var dumped = ""
        dump(session, to: &dumped)
        for text in ["\(session)", String(describing: session), String(reflecting: session), dumped] {
            #expect(!text.contains(token), "\(text)")
            #expect(text.contains("@alice:localhost"))
        }
    }

    @Test func givenEveryErrorCase_whenDescribed_thenEachIsOneSentenceWithoutALineBreak() {
        let errors: [MatrixError] = [
            .invalidHomeserver("a b"), .invalidUser("@"), .unreachable(url: "https://x", reason: "connection refused"),
            .notMatrixServer(url: "https://x"), .invalidWellKnown(domain: "x", reason: "y"), .wrongCredentials,
            .sessionEnded(homeserver: "https://x", user: "@a:x", softLogout: true), .rateLimited(retryAfterMilliseconds: nil),
            .server(status: 500, code: nil, message: nil), .invalidResponse(endpoint: "/sync", reason: "it is not JSON"),
            .noAccount("is logged in"), .accountsFile(path: "/x/accounts.json", reason: "it cannot be read"),
        ]
        for error in errors {
            #expect(!error.description.isEmpty)
            #expect(!error.description.contains("\n"))
            #expect(error.description.first?.isUppercase == false || error.description.hasPrefix("\""))
        }
    }
}
