// Console: writing to stdout/stderr safely — outside text never reaches the terminal raw.
import Foundation

/// Output helpers for commands.
enum Console {
    /// Writes raw bytes to standard output.
    static func writeOut(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    /// Writes one line to standard error, with control characters made visible.
    static func error(_ message: String) {
        FileHandle.standardError.write(Data((visible(message) + "\n").utf8))
    }

    /// Writes one informational line to standard error.
    static func info(_ message: String) {
        FileHandle.standardError.write(Data((visible(message) + "\n").utf8))
    }

    /// Whether standard output is a terminal.
    static var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// `text` with C0/C1 control characters shown as `^X` / `<U+0085>`, and bidirectional
    /// controls as `<U+202E>`, so nothing is interpreted or reorders what follows.
    static func visible(_ text: String) -> String {
        terminalSafe(text, keepingLineBreaks: false)
    }

    /// Text for a terminal: C0 controls (but tab and, when `keepingLineBreaks`, CR and LF), DEL,
    /// C1 controls and the bidirectional overrides, embeddings and isolates are made visible.
    static func terminalSafe(_ text: String, keepingLineBreaks: Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09: out.unicodeScalars.append(scalar)
            case 0x0A where keepingLineBreaks, 0x0D where keepingLineBreaks: out.unicodeScalars.append(scalar)
            case 0x00..<0x20: out += "^" + String(UnicodeScalar(UInt8(scalar.value + 0x40)))
            case 0x7F: out += "^?"
            case 0x80..<0xA0: out += String(format: "<U+%04X>", scalar.value)
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: out += String(format: "<U+%04X>", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
