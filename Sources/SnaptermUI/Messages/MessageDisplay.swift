// MessageDisplay: the words a conversation shows for a message — a Matrix message's kind, edit mark, reply,
// file and reactions around its text; a demo message's text as it is. Escaping happens when drawn (SafeText).
import Foundation
import Imaging
import MessageStore
import TerminalGraphics

/// A message's shown text and author.
enum MessageDisplay {
    /// The text shown for `message`; `quoted` finds the message a reply quotes, by event id.
    static func text(_ message: Message, quoted: (String) -> Message?) -> String {
        guard let matrix = message.matrix else { return message.text }
        var text: String
        switch matrix.kind {
        case .redacted: text = "(message deleted)"
        case .emote: text = "* \(matrix.senderShown) \(message.text)"
        case .file: text = "📎 " + file(matrix.media, body: message.text)
        case .image where matrix.media?.encryptedFile != nil && matrix.media?.url == nil:
            text = "🖼 \(message.text) (an encrypted picture whose key is not well-formed: not shown)"
        default: text = message.text
        }
        if matrix.edited { text += " (edited)" }
        if let replyTo = matrix.replyTo {
            let quote = quoted(replyTo).map { "\(($0.matrix?.senderShown).map { "\($0): " } ?? "")\($0.text)" } ?? "an earlier message"
            text = "↳ \(quote.prefix(80))\n" + text
        }
        if !matrix.reactions.isEmpty {
            text += "\n" + matrix.reactions.map { "\($0.key) \($0.count)" }.joined(separator: "  ")
        }
        return text
    }

    /// Who wrote `message`, escaped: "You" for the account's own, else its sender's display name (with its user id when
    /// another member shares the name) or user id, else the conversation's other party.
    static func author(_ message: Message, otherParty: String) -> String {
        SafeText.visible(message.state == .sent ? "You" : message.matrix?.senderShown ?? otherParty)
    }

    /// A Matrix picture's BlurHash, sent with it, as the sketch drawn while it loads; `nil` when it has none.
    static func blurHashSketch(of message: Message) -> String? {
        guard let media = message.matrix?.media, let hash = media.blurhash else { return nil }
        return try? BlurHashSketch(hash: hash, width: media.width, height: media.height).encoded
    }

    /// `name (12.3 MB)`.
    private static func file(_ media: MatrixMedia?, body: String) -> String {
        let name = media?.fileName ?? body
        guard let size = media?.size else { return name }
        return "\(name) (\(ByteCountFormatter.string(fromByteCount: size, countStyle: .file)))"
    }
}
