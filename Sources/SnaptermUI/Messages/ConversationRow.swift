// ConversationRow: a conversation laid out as list rows — one per attachment, text on the first.
import Foundation
import MessageStore

/// One row of the conversation list: a message's text (on its first row) beside one of its
/// attachments. A message with no attachment is one text-only row.
struct ConversationRow: Equatable {
    var message: Message
    var attachment: URL?
    var isFirstOfMessage: Bool

    /// The rows of `messages`, oldest first.
    static func rows(for messages: [Message]) -> [ConversationRow] {
        messages.flatMap { message -> [ConversationRow] in
            guard !message.attachments.isEmpty else { return [ConversationRow(message: message, attachment: nil, isFirstOfMessage: true)] }
            return message.attachments.enumerated().map { index, url in
                ConversationRow(message: message, attachment: url, isFirstOfMessage: index == 0)
            }
        }
    }

    /// `You · 14:05` or `Ada · 14:03`.
    func byline(otherParty: String) -> String {
        let who = message.state == .sent ? "You" : otherParty
        return "\(who) · \(Self.time(message.sentAt))"
    }

    /// `22 Nov 23:10`, in the local time zone, on a 24-hour clock.
    static func time(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.day, .month, .hour, .minute], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(parts.day ?? 1) \(month) " + String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
