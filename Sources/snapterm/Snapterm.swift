// Snapterm: the command-line entry point and its subcommands.
import ArgumentParser

/// `snapterm` — a terminal image gallery where every picture is a URL.
@main
struct Snapterm: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapterm",
        abstract: "A terminal image gallery where every picture is a URL.",
        version: SnaptermVersion.current,
        subcommands: [Browse.self, Fetch.self, Render.self],
        defaultSubcommand: Browse.self)
}

/// The version printed by `--version`.
enum SnaptermVersion {
    static let current = "0.1.0"
}
