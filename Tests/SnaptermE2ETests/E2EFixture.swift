// E2EFixture: a tmux pane running a shell, with Snapterm's caches and database in a fresh folder.
import Foundation
import TestSupport

/// One end-to-end run: temporary cache and data folders, and a tmux pane to start `snapterm` in.
final class E2EFixture {
    let folder: TemporaryDirectory
    let tmux: TmuxSession

    /// Where the app keeps its message database in this run.
    var databasePath: String { folder.appending("data/snapterm/messages.sqlite").path }

    /// `namesDataFolder: false` leaves `SNAPTERM_DATA` unset: the app finds its data itself.
    init(columns: Int = 100, rows: Int = 32, namesDataFolder: Bool = true, path: String = "/usr/bin:/bin") throws {
        folder = try TemporaryDirectory(prefix: "snapterm-e2e")
        var environment = [
            "XDG_CACHE_HOME": folder.appending("cache").path,
            "XDG_DATA_HOME": folder.appending("data").path,
            "SNAPTERM_GRAPHICS": "symbols",
            "PATH": path,
            "PS1": "$ ",
        ]
        if namesDataFolder { environment["SNAPTERM_DATA"] = CommandRunner.repositoryRoot.appendingPathComponent("assets").path }
        tmux = try TmuxSession(columns: columns, rows: rows, environment: environment)
    }

    /// Starts the app in the pane; the shell prints `EXIT=<status>` when it ends.
    func start(_ arguments: String = "") async throws {
        try await tmux.runReportingExit("\(CommandRunner.binary.path) \(arguments)")
    }

    /// Starts the app and opens the first conversation.
    func openFirstConversation() async throws {
        try await start()
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor("[Messages]")
        try await tmux.send("g", "Enter")
        try await tmux.waitFor("i write")
    }

    /// Starts the app and opens the first conversation's composer, writing.
    func openComposer() async throws {
        try await openFirstConversation()
        try await tmux.send("i")
        try await tmux.waitFor("Enter send")
    }

    /// The app's process id (the shell's child).
    func appPID() async throws -> Int32? {
        let shell = try await tmux.paneValue("pane_pid")
        let text = try await OffPool.run { try Spawn.run("/usr/bin/pgrep", ["-P", shell, "snapterm"]).output }
        return text.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// Whether the pane is back to a normal, sane terminal: main screen, cursor shown, no mouse
    /// reporting, and the tty echoing and line-editing again.
    func terminalIsRestored() async throws -> Bool {
        guard try await tmux.paneValue("alternate_on") == "0", try await tmux.paneValue("cursor_flag") == "1",
              try await tmux.paneValue("mouse_any_flag") == "0" else { return false }
        try await tmux.run("clear; stty -a | tr ' ' '\\n' | grep -x -e echo -e icanon | sort | tr '\\n' ' '; printf 'E\\116D\\n'")
        let lines = try await tmux.waitFor { $0.contains { $0.hasSuffix("END") && !$0.contains("printf") } }
        return lines.contains { $0.contains("echo icanon END") }
    }
}
