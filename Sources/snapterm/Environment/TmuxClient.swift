// TmuxClient: asks the tmux Snapterm runs in what it knows about the terminal outside it.
import Foundation

/// The tmux server of this pane, asked through the `tmux` command (which finds it by `TMUX`).
enum TmuxClient {
    /// `#{client_termtype}` of the client showing this pane — the outer terminal's name and version
    /// from its XTVERSION reply, e.g. `kitty(0.26.5)` — or `nil` when tmux does not answer within `timeout`.
    static func outerTerminalType(environment: [String: String], timeout: Duration = .seconds(1)) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["tmux", "display-message", "-p"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { arguments += ["-t", pane] }
        process.arguments = arguments + ["#{client_termtype}"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
        guard !process.isRunning else {
            process.terminate()
            return nil
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return process.terminationStatus == 0 ? text.trimmingCharacters(in: .whitespacesAndNewlines) : nil
    }
}
