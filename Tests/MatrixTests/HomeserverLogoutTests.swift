// HomeserverLogoutTests: after logout the token is dead on the real Synapse — whoami answers 401, which
// reads as "your session has ended".
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct HomeserverLogoutTests {
    @Test func givenALoggedInSession_whenLoggedOut_thenWhoAmISaysTheSessionHasEnded() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let user = try await homeserver.registerUser("alice")
        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(user.localpart), password: user.password)
        try await client.logout(session)
        let error = await #expect(throws: MatrixError.self) { try await client.whoAmI(session) }
        #expect(error == .sessionEnded(homeserver: homeserver.url.absoluteString, user: user.userID, softLogout: false))
        #expect(error?.description.contains(session.accessToken) == false)
        // A second logout of the dead session is not an error: it is already done.
        try await client.logout(session)
    }
}
