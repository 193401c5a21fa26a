// Snapterm: the command-line entry point and its subcommands.
import ArgumentParser

/// `snapterm` — a terminal image gallery where every picture is a URL.
@main
struct Snapterm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapterm",
        abstract: "A terminal image gallery where every picture is a URL.",
        version: SnaptermVersion.current,
        subcommands: [Browse.self, Fetch.self, Render.self, Login.self, Logout.self, Accounts.self],
        defaultSubcommand: Browse.self)

    /// Runs the command line; a plain `render` skips ArgumentParser's parsing (see `Render.quickParse`).
    static func main() async {
        StandardStreams.secure()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "render", let render = Render.quickParse(Array(arguments.dropFirst())), (try? render.validate()) != nil {
            do {
                try await render.run()
            } catch {
                Render.exit(withError: error)
            }
            return
        }
        await main(arguments)
    }
}

/// The version printed by `--version`.
enum SnaptermVersion {
    static let current = "0.1.0"
}
