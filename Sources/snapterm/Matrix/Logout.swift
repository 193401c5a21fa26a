// Logout: `snapterm logout [USER]` — ends the session on the homeserver (its token stops working) and removes
// it from the accounts file.
import ArgumentParser
import Foundation
import Matrix
import TerminalGraphics

extension Snapterm {
    /// Logs out of a Matrix account.
    struct Logout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Log out of a Matrix account and forget its session.",
            discussion: """
                With one account stored, USER may be left out. A homeserver that cannot be reached keeps the \
                session: the command fails and the account stays, so you can try again (--forget removes it anyway).
                """)

        @Argument(help: "The account's user id (@alice:example.org) or name (alice), when several are stored.")
        var user: String?

        @Flag(help: "Remove the stored session even when the homeserver cannot be told.")
        var forget = false

        func run() async throws {
            do {
                let store = try AppEnvironment().accountStore
                let session = try Self.pick(user, from: try store.load())
                do {
                    try await MatrixClient().logout(session)
                } catch {
                    guard forget else { throw error }
                    Console.info("snapterm: \(error); the session is forgotten here all the same")
                }
                try store.remove(session)
                Console.writeOut(Data((SafeText.visible("Logged out \(session.userID) on \(session.homeserver.absoluteString)") + "\n").utf8))
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode.failure
            }
        }

        /// The one session `user` names (a full id, or a localpart), or the only one stored.
        static func pick(_ user: String?, from sessions: [MatrixSession]) throws(MatrixError) -> MatrixSession {
            guard let user else {
                guard let only = sessions.first else { throw .noAccount("is logged in") }
                guard sessions.count == 1 else { throw .noAccount("was named, and several are stored: name one (snapterm accounts lists them)") }
                return only
            }
            let matches = sessions.filter { $0.userID == user || $0.userID.hasPrefix("@\(user):") }
            guard let match = matches.first else { throw .noAccount("\(user) is stored") }
            guard matches.count == 1 else { throw .noAccount("\(user) is stored alone: name it as @\(user):server") }
            return match
        }
    }
}
