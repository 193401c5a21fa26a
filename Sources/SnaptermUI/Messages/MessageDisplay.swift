// MessageDisplay: the words a conversation shows for a message — a Matrix message's kind, edit mark, reply,
// file and reactions around its text; a demo message's text as it is. Escaping happens when drawn (SafeText).
import Foundation
import MessageStore

/// A message's shown text and author.
enum MessageDisplay {
    /// The text shown for `message`; `quoted` finds the message a reply quotes, by event id.
    static func text(_ message: Message, quoted: (String) -> Message?) -> String {
        guard let matrix = message.matrix else { return message.text }
        var text: String
        switch matrix.kind {
        case .redacted: text = "(message deleted)"
        case .emote: text = "* \(matrix.sender) \(message.text)"
        case .file: text = "📎 " + file(matrix.media, body: message.text)
        case .image where matrix.media?.encryptedFile != nil: text = "🖼 \(message.text) (encrypted picture: not shown yet)"
        default: text = message.text
        }
        if matrix.edited { text += " (edited)" }
        if let replyTo = matrix.replyTo {
            let quote = quoted(replyTo).map { "\(($0.matrix?.sender).map { "\($0): " } ?? "")\($0.text)" } ?? "an earlier message"
            text = "↳ \(quote.prefix(80))\n" + text
        }
        if !matrix.reactions.isEmpty {
            text += "\n" + matrix.reactions.map { "\($0.key) \($0.count)" }.joined(separator: "  ")
        }
        return text
    }

    /// Who wrote `message`: "You" for the account's own, else its sender, else the conversation's other party.
    static func author(_ message: Message, otherParty: String) -> String {
        message.state == .sent ? "You" : message.matrix?.sender ?? otherParty
    }

    /// `name (12.3 MB)`.
    private static func file(_ media: MatrixMedia?, body: String) -> String {
        let name = media?.fileName ?? body
        guard let size = media?.size else { return name }
        return "\(name) (\(ByteCountFormatter.string(fromByteCount: size, countStyle: .file)))"
    }
}
