// MatrixUserID: a user as typed at login — `alice` or `@alice:example.org` — checked before it is sent.
import Foundation

/// A user to log in as: a bare localpart (`alice`) or a full user id (`@alice:example.org`).
public struct MatrixUserID: Sendable, Equatable, CustomStringConvertible {
    /// What goes in the login's `identifier.user`: exactly what was typed, once checked.
    public let text: String

    /// The localpart (`alice`).
    public var localpart: String {
        guard text.hasPrefix("@"), let colon = text.firstIndex(of: ":") else { return text }
        return String(text[text.index(after: text.startIndex)..<colon])
    }

    /// The server name of a full id (`example.org`), or `nil` for a bare localpart.
    public var serverName: String? {
        guard text.hasPrefix("@"), let colon = text.firstIndex(of: ":") else { return nil }
        return String(text[text.index(after: colon)...])
    }

    /// Checks `text`: no spaces or controls; a leading `@` needs a `:server` part; at most 255 bytes.
    public init(_ text: String) throws(MatrixError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 255,
              !trimmed.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F })
        else { throw .invalidUser(text) }
        if trimmed.hasPrefix("@") {
            guard let colon = trimmed.firstIndex(of: ":"), colon > trimmed.index(after: trimmed.startIndex),
                  trimmed.index(after: colon) < trimmed.endIndex
            else { throw .invalidUser(text) }
        } else if trimmed.contains(":") {
            throw .invalidUser(text)
        }
        self.text = trimmed
    }

    public var description: String { text }
}
