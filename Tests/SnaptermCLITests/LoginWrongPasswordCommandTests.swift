// LoginWrongPasswordCommandTests: a refused login says so in one sentence, fails, and keeps nothing.
import Foundation
import TestSupport
import Testing

@Suite struct LoginWrongPasswordCommandTests {
    @Test func givenAWrongPassword_whenLoggingIn_thenItFailsWithTheRefusalSentenceAndStoresNothing() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let user = try await homeserver.registerUser("alice")
        let home = try TemporaryDirectory()
        let wrong = "not-\(user.password)"
        let login = try await CommandRunner.run(["login", homeserver.url.absoluteString, "@\(user.localpart):localhost", "--password-stdin"],
                                                environment: ["HOME": home.url.path], input: Data(wrong.utf8))
        #expect(login.status != 0)
        #expect(login.stdout.isEmpty)
        #expect(login.stderr == "snapterm: the homeserver refused the user name or password\n")
        #expect(!FileManager.default.fileExists(atPath: home.appending(".local/share/snapterm/accounts.json").path))
    }

    @Test func givenNoPasswordOnStandardInput_whenLoggingIn_thenItFailsSayingSoBeforeAnyRequest() async throws {
        let home = try TemporaryDirectory()
        let login = try await CommandRunner.run(["login", "http://127.0.0.1:9", "alice", "--password-stdin"],
                                                environment: ["HOME": home.url.path], input: Data())
        #expect(login.status != 0)
        #expect(login.stderr == "snapterm: no password was read: it is empty\n")
    }

    @Test func givenNothingListening_whenLoggingIn_thenItFailsSayingTheHomeserverCannotBeReached() async throws {
        let home = try TemporaryDirectory()
        let login = try await CommandRunner.run(["login", "http://127.0.0.1:9", "alice", "--password-stdin"],
                                                environment: ["HOME": home.url.path], input: Data("pw".utf8))
        #expect(login.status != 0)
        #expect(login.stderr.hasPrefix("snapterm: the homeserver at http://127.0.0.1:9 cannot be reached ("), "\(login.stderr)")
    }
}
