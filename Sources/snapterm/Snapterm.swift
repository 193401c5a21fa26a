// Snapterm: the command-line entry point and its subcommands.
import ArgumentParser
import Foundation

/// `snapterm` — a terminal image gallery where every picture is a URL.
@main
struct Snapterm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapterm",
        abstract: "A terminal image gallery where every picture is a URL.",
        usage: """
            snapterm [DIR | URL | PATH ...] [--list FILE]  (a gallery; ? for keys)
            snapterm render PATH|URL|- ...
            snapterm fetch URL ... [-o FILE]
            snapterm login HOMESERVER USER | logout | accounts
            """,
        version: SnaptermVersion.current,
        subcommands: [Browse.self, Fetch.self, Render.self, Login.self, Logout.self, Accounts.self, Send.self],
        defaultSubcommand: Browse.self)

    /// Runs the command line; a plain `render` skips ArgumentParser's parsing (see `Render.quickParse`).
    static func main() async {
        ProcessEnd.install()
        StandardStreams.secure()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "render", let render = Render.quickParse(Array(arguments.dropFirst())), (try? render.validate()) != nil {
            do {
                try await render.run()
            } catch {
                Render.exit(withError: error)
            }
            ProcessEnd.now(0)
        }
        if let first = arguments.first, let suggestion = CommandSuggestion.suggestion(for: first) {
            Console.error("snapterm: '\(first)' is neither a file nor a command; did you mean 'snapterm \(suggestion)'?")
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        await main(arguments)
        ProcessEnd.now(0)
    }
}

/// The version printed by `--version`.
enum SnaptermVersion {
    static let current = "0.1.0"
}
