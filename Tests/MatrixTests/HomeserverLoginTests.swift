// HomeserverLoginTests: password login against the real Synapse of scripts/matrix/homeserver — a bare name,
// a full user id, a wrong password — and whoami with the session it made.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct HomeserverLoginTests {
    @Test func givenARegisteredUser_whenLoggingInByName_thenWhoAmIAnswersWithTheUserAndDevice() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let user = try await homeserver.registerUser("alice")
        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(user.localpart), password: user.password)
        #expect(session.userID == user.userID)
        #expect(!session.deviceID.isEmpty && !session.accessToken.isEmpty)
        let whoAmI = try await client.whoAmI(session)
        #expect(whoAmI == WhoAmI(userID: user.userID, deviceID: session.deviceID))
        try await client.logout(session)
    }

    @Test func givenARegisteredUser_whenLoggingInByFullUserID_thenTheSameUserIsLoggedIn() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let user = try await homeserver.registerUser("alice")
        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID("@\(user.localpart):localhost"),
                                             password: user.password)
        #expect(session.userID == user.userID)
        try await client.logout(session)
    }

    @Test func givenAWrongPassword_whenLoggingIn_thenTheErrorIsTheRefusalSentenceWithoutThePassword() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let user = try await homeserver.registerUser("alice")
        let wrong = user.password + "-wrong"
        let error = await #expect(throws: MatrixError.self) {
            try await MatrixClient().login(at: homeserver.url, user: MatrixUserID(user.localpart), password: wrong)
        }
        #expect(error == .wrongCredentials)
        #expect(error?.description == "the homeserver refused the user name or password")
        #expect(error?.description.contains(wrong) == false)
    }
}
