// FakeOuterTerminal: a stand-in for the terminal outside tmux — a tmux client attached on a pseudo-terminal whose
// other end answers like kitty (graphics query, XTVERSION) and records everything tmux sends it.
import Foundation

/// Attaches a tmux client to `socket` on a pseudo-terminal of `columns × rows` and plays the outer
/// terminal: it answers kitty graphics queries (`a=q`) with OK when `answersKittyQuery`, answers
/// XTVERSION (`CSI > q`) with `version` (e.g. `kitty(0.35.0)`), and keeps every byte tmux wrote to it —
/// so a test sees what really reached "the terminal": unwrapped passthrough commands and redrawn text.
public final class FakeOuterTerminal: Sendable {
    private let terminal: PseudoTerminal

    /// Starts `tmux -L socket attach` on a new pseudo-terminal (cells of 9×18 pixels).
    public init(socket: String, columns: Int, rows: Int, version: String?, answersKittyQuery: Bool = true) throws {
        let environment = ["TERM": "xterm-kitty", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]
        terminal = try PseudoTerminal("/usr/bin/tmux", ["-L", socket, "attach"], environment: environment,
                                      columns: columns, rows: rows, cellPixels: (9, 18)) { unanswered, _, _ in
            Self.answer(&unanswered, kittyQuery: answersKittyQuery, version: version)
        }
    }

    deinit { stop() }

    /// Everything tmux has written to this terminal so far.
    public var received: Data { terminal.received }

    /// Detaches: ends the client (the session goes on) and stops reading.
    public func stop() { terminal.stop() }

    /// The replies to the queries complete in `pending`; keeps only an unfinished tail.
    private static func answer(_ pending: inout Data, kittyQuery: Bool, version: String?) -> [UInt8] {
        let text = String(decoding: pending, as: UTF8.self)
        var replies = ""
        if kittyQuery {
            var searchFrom = text.startIndex
            while let start = text.range(of: "\u{1B}_G", range: searchFrom..<text.endIndex),
                  let end = text.range(of: "\u{1B}\\", range: start.upperBound..<text.endIndex) {
                let keys = text[start.upperBound..<end.lowerBound].prefix { $0 != ";" }
                if keys.split(separator: ",").contains("a=q"),
                   let id = keys.split(separator: ",").first(where: { $0.hasPrefix("i=") }) {
                    replies += "\u{1B}_G\(id);OK\u{1B}\\"
                }
                searchFrom = end.upperBound
            }
        }
        if let version, text.contains("\u{1B}[>q") || text.contains("\u{1B}[>0q") {
            replies += "\u{1B}P>|\(version)\u{1B}\\"
        }
        // Keep an unfinished escape string for the next read; drop what was handled.
        if let lastStart = text.range(of: "\u{1B}_G", options: .backwards), text.range(of: "\u{1B}\\", range: lastStart.upperBound..<text.endIndex) == nil {
            pending = Data(text[lastStart.lowerBound...].utf8)
        } else {
            pending = Data()
        }
        return Array(replies.utf8)
    }
}
