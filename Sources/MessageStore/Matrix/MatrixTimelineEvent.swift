// MatrixTimelineEvent: one timeline event as the store keeps it — a message, or a change to one (edit,
// redaction, reaction).
import Foundation

/// What kind of message a row is (`message.kind`).
public enum MatrixMessageKind: String, Sendable, Codable {
    case text, notice, emote, image, file
    /// `m.room.encrypted`: shown as `MatrixMessageKind.encryptedNotice`, never as garbage.
    case encrypted
    /// Removed by a redaction.
    case redacted
    /// A msgtype Snapterm does not draw: its `body` is shown.
    case other

    /// The text an encrypted message shows.
    public static let encryptedNotice = "encrypted — this client cannot read it yet"
}

/// One timeline event.
public struct MatrixTimelineEvent: Sendable, Equatable {
    /// What the event does.
    public enum Action: Sendable, Equatable {
        /// A new message.
        case message(MatrixMessageContent)
        /// `m.replace`: `target`'s text is now `text`.
        case edit(target: String, text: String)
        /// `m.room.redaction` of `target` (a message or a reaction).
        case redaction(target: String)
        /// `m.annotation`: `key` (an emoji) on `target`.
        case reaction(target: String, key: String)
    }

    /// Its event id.
    public var eventID: String
    /// Who sent it.
    public var sender: String
    /// When (`origin_server_ts`).
    public var sentAt: Date
    /// What it does.
    public var action: Action
    /// The transaction id it was sent under, which the server gives back to its sender only
    /// (`unsigned.transaction_id`): the key of this client's local echo.
    public var transactionID: String?

    /// An event.
    public init(eventID: String, sender: String, sentAt: Date, action: Action, transactionID: String? = nil) {
        self.eventID = eventID
        self.sender = sender
        self.sentAt = sentAt
        self.action = action
        self.transactionID = transactionID
    }
}

/// A message's content.
public struct MatrixMessageContent: Sendable, Equatable {
    /// Its kind.
    public var kind: MatrixMessageKind
    /// Its text as sent (escaped only when drawn).
    public var body: String
    /// The event it replies to.
    public var replyTo: String?
    /// Its picture or file.
    public var media: MatrixMedia?

    /// A message.
    public init(kind: MatrixMessageKind, body: String, replyTo: String? = nil, media: MatrixMedia? = nil) {
        self.kind = kind
        self.body = body
        self.replyTo = replyTo
        self.media = media
    }
}
