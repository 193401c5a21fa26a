// Console: writing to stdout/stderr safely — outside text never reaches the terminal raw.
import Foundation
import SnaptermUI

/// Output helpers for commands.
enum Console {
    /// Writes raw bytes to standard output.
    static func writeOut(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    /// Writes one line to standard error, with control and bidirectional characters made visible (`SafeText`).
    static func error(_ message: String) {
        FileHandle.standardError.write(Data((SafeText.visible(message) + "\n").utf8))
    }

    /// Writes one informational line to standard error.
    static func info(_ message: String) {
        FileHandle.standardError.write(Data((SafeText.visible(message) + "\n").utf8))
    }

    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
