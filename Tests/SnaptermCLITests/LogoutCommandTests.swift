// LogoutCommandTests: `snapterm logout` ends the session on the real Synapse (its token then fails whoami)
// and removes it from the accounts file.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct LogoutCommandTests {
    @Test func givenALoggedInAccount_whenLoggingOut_thenTheTokenIsDeadAndTheAccountIsGone() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let user = try await homeserver.registerUser("alice")
        let home = try TemporaryDirectory()
        let environment = ["HOME": home.url.path]
        let login = try await CommandRunner.run(["login", homeserver.url.absoluteString, user.localpart, "--password-stdin"],
                                                environment: environment, input: Data(user.password.utf8))
        #expect(login.status == 0, "\(login.stderr)")
        let store = AccountStore(folder: home.appending(".local/share/snapterm"))
        let session = try #require(try store.load().first)

        let logout = try await CommandRunner.run(["logout"], environment: environment)
        #expect(logout.status == 0, "\(logout.stderr)")
        #expect(String(decoding: logout.stdout, as: UTF8.self) == "Logged out \(user.userID) on \(homeserver.url.absoluteString)\n")
        #expect(try store.load().isEmpty)
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient().whoAmI(session) }
        #expect(error == .sessionEnded(homeserver: homeserver.url.absoluteString, user: user.userID, softLogout: false))

        let again = try await CommandRunner.run(["logout"], environment: environment)
        #expect(again.status != 0)
        #expect(again.stderr == "snapterm: no Matrix account is logged in: log in first with snapterm login HOMESERVER USER\n")
    }
}
