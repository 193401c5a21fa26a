// LoginPasswordPromptTests: `snapterm login` asks the password on its terminal with echo off — the typed
// password never appears on the screen — and puts echo back afterwards.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct LoginPasswordPromptTests {
    @Test func givenATerminal_whenThePasswordIsTyped_thenItIsNotEchoedAndTheLoginSucceeds() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let user = try await homeserver.registerUser("alice")
        let home = try TemporaryDirectory()
        let terminal = try PseudoTerminal(CommandRunner.binary.path, ["login", homeserver.url.absoluteString, user.localpart],
                                          environment: ["HOME": home.url.path, "PATH": "/usr/bin:/bin", "TERM": "xterm"])
        defer { terminal.stop() }
        #expect(try await terminal.waitForOutput(containing: "Password for \(user.localpart): ", timeout: .seconds(60)))
        #expect(terminal.pair.modes().c_lflag & tcflag_t(ECHO) == 0)
        terminal.send(Array((user.password + "\r").utf8))
        #expect(try await terminal.waitForExit(timeout: .seconds(60)) == 0)
        let screen = String(decoding: terminal.received, as: UTF8.self)
        #expect(screen.contains("Logged in as \(user.userID) on \(homeserver.url.absoluteString)"), "\(screen)")
        #expect(!screen.contains(user.password))
        #expect(terminal.pair.modes().c_lflag & tcflag_t(ECHO) != 0)
        let session = try #require(try AccountStore(folder: home.appending(".local/share/snapterm")).load().first)
        #expect(!screen.contains(session.accessToken))
        try await MatrixClient().logout(session)
    }
}
