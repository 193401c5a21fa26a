// ConversationRow: a conversation laid out as list rows — one per attachment, text on the first,
// a day separator above the first row of each day.
import Foundation
import MessageStore

/// One row of the conversation list: a message's text (on its first row) beside one of its
/// attachments. A message with no attachment is one text-only row. The first row of a message sent
/// on another day than the message before it starts that day (a separator is drawn above it).
struct ConversationRow: Equatable {
    var message: Message
    var attachment: URL?
    var isFirstOfMessage: Bool
    /// True on the first row of the first message of a calendar day (local time zone).
    var startsDay = false
    /// True for a message sent but not stored yet (the database is locked): its byline says "sending…".
    var isPending = false

    /// The rows of `messages`, oldest first, then those of the `pending` sends; `calendar` decides where a day begins.
    static func rows(for messages: [Message], pending: [Message] = [], calendar: Calendar = .current) -> [ConversationRow] {
        var previousDay: DateComponents?
        let stored = messages.count
        return (messages + pending).enumerated().flatMap { index, message -> [ConversationRow] in
            let day = calendar.dateComponents([.era, .year, .month, .day], from: message.sentAt)
            let startsDay = day != previousDay
            previousDay = day
            let isPending = index >= stored
            guard !message.attachments.isEmpty else {
                return [ConversationRow(message: message, attachment: nil, isFirstOfMessage: true, startsDay: startsDay, isPending: isPending)]
            }
            return message.attachments.enumerated().map { position, url in
                ConversationRow(message: message, attachment: url, isFirstOfMessage: position == 0, startsDay: startsDay && position == 0,
                                isPending: isPending)
            }
        }
    }

    /// `You · 14:05` or `Ada · 14:03` (the day is on the separator above); a send to a Matrix room adds its
    /// delivery mark (`You · 14:05 · ✓ sent`).
    func byline(otherParty: String, calendar: Calendar = .current) -> String {
        let who = message.state == .sent ? "You" : otherParty
        let mark = DeliveryMark.words(message.delivery).map { " · \($0)" } ?? ""
        return "\(who) · " + (isPending ? "sending… (kept until the database lets it)" : Self.clock(message.sentAt, calendar: calendar) + mark)
    }

    /// `23:10`, on a 24-hour clock.
    static func clock(_ date: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `22 Nov 23:10` (the conversations list, where no separator names the day).
    static func time(_ date: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.day, .month], from: date)
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(parts.day ?? 1) \(months[max(0, min(11, (parts.month ?? 1) - 1))]) " + clock(date, calendar: calendar)
    }

    /// `Mon 23 Nov 2026`: the day separator's label.
    static func day(_ date: Date, calendar: Calendar = .current) -> String {
        let parts = calendar.dateComponents([.weekday, .day, .month, .year], from: date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = weekdays[max(0, min(6, (parts.weekday ?? 1) - 1))]
        let month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(weekday) \(parts.day ?? 1) \(month) \(parts.year ?? 1970)"
    }
}
