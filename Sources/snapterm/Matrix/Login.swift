// Login: `snapterm login HOMESERVER USER` — a password login to a Matrix homeserver; the new device's
// session goes into the accounts file (0600). The password and the token are never printed.
import ArgumentParser
import Foundation
import Matrix
import TerminalGraphics

extension Snapterm {
    /// Logs in to a Matrix homeserver and keeps the session.
    struct Login: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Log in to a Matrix homeserver.",
            discussion: """
                HOMESERVER is a domain (example.org: its /.well-known/matrix/client says where the server is) \
                or a URL (https://matrix.example.org). USER is alice or @alice:example.org. The password is asked \
                on the terminal without echo, or read from standard input with --password-stdin. The session is \
                kept in $XDG_DATA_HOME/snapterm/accounts.json (~/.local/share/snapterm/), readable by you alone. \
                Logging in again as a user whose session is kept (one that ended, say) logs in as the same device: \
                the server then recognises the transaction ids of the messages still in the outbox, so none is sent twice.
                """)

        @Argument(help: "The homeserver: a domain or an http(s) URL.")
        var homeserver: String

        @Argument(help: "The user: alice or @alice:example.org.")
        var user: String

        @Flag(help: "Read the password from standard input (up to its end; one final line break is dropped).")
        var passwordStdin = false

        func run() async throws {
            do {
                let address = try HomeserverAddress(homeserver)
                let userID = try MatrixUserID(user)
                let store = try AppEnvironment().accountStore
                let password = try passwordStdin
                    ? PasswordPrompt.readFromStandardInput()
                    : PasswordPrompt.readFromTerminal(prompt: "Password for \(userID.text): ")
                let client = MatrixClient()
                let base = try await client.discover(address)
                let kept = Self.keptSession(of: userID, at: base, in: (try? store.load()) ?? [])
                let session = try await client.login(at: base, user: userID, password: password, deviceID: kept?.deviceID)
                do {
                    try store.add(session)
                } catch {
                    // Not kept, so not left behind: the server forgets the new device too.
                    try? await client.logout(session)
                    throw error
                }
                Console.writeOut(Data((SafeText.visible("Logged in as \(session.userID) on \(base.absoluteString)") + "\n").utf8))
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode.failure
            }
        }

        /// The kept session of `user` (its full id; or a bare name at `base`), whose device a new login reuses.
        static func keptSession(of user: MatrixUserID, at base: URL, in sessions: [MatrixSession]) -> MatrixSession? {
            if user.serverName != nil { return sessions.first { $0.userID == user.text } }
            return sessions.first { $0.homeserver == base && (try? MatrixUserID($0.userID))?.localpart == user.localpart }
        }
    }
}
