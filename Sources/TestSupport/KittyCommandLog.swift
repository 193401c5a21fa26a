// KittyCommandLog: the kitty graphics commands in a stream of terminal bytes, parsed — for tests that check what a
// kitty terminal would be told (actions, ids, frame gaps), not only that some bytes went out.
import Foundation

/// Every `ESC _ G keys ; payload ESC \` in some bytes, in order, with a chunked transmission (`m=1` …
/// `m=0`) joined into one command carrying the first chunk's keys and the whole payload.
public struct KittyCommandLog: Sendable {
    /// One command: its keys (`a`, `i`, `z`, …) and its base64 payload (all chunks).
    public struct Command: Sendable, Equatable {
        /// The control keys and their values, as written (`"a": "f"`).
        public var keys: [String: String]
        /// The base64 payload of every chunk, joined.
        public var payload: String

        /// The value of `key`, or nil.
        public subscript(key: String) -> String? { keys[key] }
    }

    /// The commands, in the order they were written.
    public let commands: [Command]

    /// Parses `bytes` (anything between the commands is ignored).
    public init(_ bytes: Data) {
        let text = String(decoding: bytes, as: UTF8.self)
        var commands: [Command] = []
        var continuing = false
        var rest = text[...]
        while let start = rest.range(of: "\u{1B}_G"), let end = rest[start.upperBound...].range(of: "\u{1B}\\") {
            let body = rest[start.upperBound..<end.lowerBound]
            rest = rest[end.upperBound...]
            let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var keys: [String: String] = [:]
            for pair in parts[0].split(separator: ",") {
                let field = pair.split(separator: "=", maxSplits: 1)
                if field.count == 2 { keys[String(field[0])] = String(field[1]) }
            }
            let payload = parts.count > 1 ? String(parts[1]) : ""
            if continuing, var last = commands.popLast() {
                last.payload += payload
                commands.append(last)
            } else {
                commands.append(Command(keys: keys, payload: payload))
            }
            continuing = keys["m"] == "1"
        }
        self.commands = commands
    }

    /// The commands whose action (`a`) is `action`.
    public func commands(action: String) -> [Command] { commands.filter { $0["a"] == action } }
}
