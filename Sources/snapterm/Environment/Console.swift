// Console: writing to stdout/stderr safely — outside text never reaches the terminal raw.
import Foundation
import SchemeLoader
import TerminalGraphics

/// Output helpers for commands.
enum Console {
    /// Writes raw bytes to standard output (waiting, never failing, when it is a full non-blocking pipe).
    static func writeOut(_ data: Data) {
        _ = FileDescriptorWrite.all(data, to: STDOUT_FILENO)
    }

    /// Writes one line to standard error, with control and bidirectional characters made visible (`SafeText`).
    static func error(_ message: String) {
        _ = FileDescriptorWrite.all(Data((SafeText.visible(message) + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes one informational line to standard error.
    static func info(_ message: String) {
        _ = FileDescriptorWrite.all(Data((SafeText.visible(message) + "\n").utf8), to: STDERR_FILENO)
    }

    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
