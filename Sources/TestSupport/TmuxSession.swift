// TmuxSession: a real terminal for end-to-end tests — a shell in a detached tmux pane we type into and read.
import Foundation

/// Why driving tmux failed.
public struct TmuxError: Error, CustomStringConvertible {
    public let description: String
}

/// A detached tmux session on a private server socket, running a shell. Tests type with
/// `send(_:)`, read the screen with `screen()`, and ask tmux about terminal modes (alternate
/// screen, cursor, mouse) to check that the app gave the terminal back as it was.
public final class TmuxSession {
    /// The tmux server socket name (private to this session).
    public let socket: String
    private let name = "snapterm"

    /// Whether tmux is installed.
    public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Starts `bash` (no rc files) in a `columns` × `rows` pane with `environment` exported.
    public init(columns: Int = 100, rows: Int = 30, environment: [String: String]) throws {
        socket = "snapterm-test-\(UUID().uuidString.prefix(8))"
        // No history file: bash writes one into HOME when tmux ends it — after a test has removed its HOME folder,
        // which came back as a folder of one `.bash_history` left in /tmp by every such test.
        var variables = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TERM": "xterm-256color", "LANG": "C.UTF-8",
                         "HISTFILE": "/dev/null"]
        variables.merge(environment) { _, new in new }
        let exports = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        // `env -i` keeps the pane clean of this process's variables, but keeps tmux's own TMUX, as a real pane has.
        try Self.tmux(socket: socket, ["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", String(columns), "-y", String(rows),
                  "env -i TMUX=\"$TMUX\" \(exports) bash --norc --noprofile"])
        try Self.tmux(socket: socket, ["set-option", "-t", name, "remain-on-exit", "on"])
    }

    deinit {
        _ = try? Self.tmux(socket: socket, ["kill-server"])
    }

    /// Types `command` and Enter; when it ends the shell prints `EXIT=<status>` (spelled so that the
    /// typed line itself never matches a wait for `EXIT=`).
    public func runReportingExit(_ command: String) async throws {
        try await run("\(command); printf 'EXIT\\075%s\\n' $?")
    }

    /// Types `text` followed by Enter.
    public func run(_ text: String) async throws {
        try await command(["send-keys", "-t", name, "-l", text])
        try await command(["send-keys", "-t", name, "Enter"])
    }

    /// Sends tmux key names (`Down`, `PageDown`, `C-c`, `Escape`, `q`, …) one after another.
    public func send(_ keys: String...) async throws {
        for key in keys { try await command(["send-keys", "-t", name, key]) }
    }

    /// Types literal text (no key names).
    public func type(_ text: String) async throws {
        try await command(["send-keys", "-t", name, "-l", text])
    }

    /// Resizes the window (and its pane) to `columns` × `rows`, as a user dragging the terminal would.
    public func resize(columns: Int, rows: Int) async throws {
        try await command(["resize-window", "-t", name, "-x", String(columns), "-y", String(rows)])
    }

    /// The visible screen, one string per row.
    public func screen() async throws -> [String] {
        try await command(["capture-pane", "-p", "-t", name]).components(separatedBy: "\n")
    }

    /// The visible screen with its colours and attributes as SGR sequences (`capture-pane -e`), one string per row.
    public func screenWithAttributes() async throws -> [String] {
        try await command(["capture-pane", "-e", "-p", "-t", name]).components(separatedBy: "\n")
    }

    /// Sets a tmux option on the session (e.g. `allow-passthrough on`).
    public func setOption(_ option: String, _ value: String) async throws {
        try await command(["set-option", "-t", name, option, value])
    }

    /// `format` for each client attached to the server (`list-clients -F`), e.g. `#{client_termtype}`.
    public func clients(_ format: String) async throws -> [String] {
        try await command(["list-clients", "-F", format]).split(separator: "\n").map(String.init)
    }

    /// A tmux format value of the pane, e.g. `alternate_on`, `cursor_flag`, `mouse_any_flag`.
    public func paneValue(_ format: String) async throws -> String {
        try await command(["display-message", "-p", "-t", name, "#{\(format)}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `condition`; returns the last screen read.
    @discardableResult
    public func waitFor(timeout: Duration = .seconds(20), _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = ContinuousClock.now + timeout
        var lines = try await screen()
        while !condition(lines) {
            if ContinuousClock.now > deadline {
                throw TmuxError(description: "timed out; the screen was:\n" + lines.joined(separator: "\n"))
            }
            try await Task.sleep(for: .milliseconds(100))
            lines = try await screen()
        }
        return lines
    }

    /// Waits until some row contains `text`.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = .seconds(20)) async throws -> [String] {
        try await waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Runs a tmux command on a thread of its own: a tmux client takes milliseconds to tens of them on
    /// a loaded machine, and a test sending thousands would otherwise hold Swift's cooperative pool,
    /// which every other suite shares.
    @discardableResult
    private func command(_ arguments: [String]) async throws -> String {
        let socket = socket
        return try await OffPool.run { try Self.tmux(socket: socket, arguments) }
    }

    @discardableResult
    private static func tmux(socket: String, _ arguments: [String]) throws -> String {
        let result = try Spawn.run("/usr/bin/tmux", ["-L", socket] + arguments)
        guard result.status == 0 else {
            throw TmuxError(description: "tmux \(arguments.joined(separator: " ")) failed: \(result.output)")
        }
        return result.output
    }

    private static func quoted(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
