// Accounts: `snapterm accounts` — the stored Matrix accounts, one per line: user id and homeserver, never
// the token.
import ArgumentParser
import Foundation
import Matrix
import TerminalGraphics

extension Snapterm {
    /// Lists the stored Matrix accounts.
    struct Accounts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "accounts",
            abstract: "List the Matrix accounts you are logged in to.")

        func run() async throws {
            do {
                let sessions = try AppEnvironment().accountStore.load()
                if sessions.isEmpty {
                    Console.info("No Matrix account: log in with snapterm login HOMESERVER USER")
                    return
                }
                let lines = sessions.map { SafeText.visible("\($0.userID)  \($0.homeserver.absoluteString)") + "\n" }
                Console.writeOut(Data(lines.joined().utf8))
            } catch {
                Console.error("snapterm: \(error)")
                throw ExitCode.failure
            }
        }
    }
}
