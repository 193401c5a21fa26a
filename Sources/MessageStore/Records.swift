// Records: the rows of the message database — conversations, messages, attachments, drafts.
import Foundation
import GRDB

/// A conversation with one other party.
public struct Conversation: Sendable, Hashable, Identifiable, Codable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "conversation"
    /// Database id.
    public var id: Int64?
    /// The other party's name, shown as the conversation title.
    public var title: String
    /// When it was created.
    public var createdAt: Date

    /// Creates a conversation (not yet saved).
    public init(id: Int64? = nil, title: String, createdAt: Date) {
        self.id = id
        self.title = title
        self.createdAt = createdAt
    }
}

/// Where a message stands.
public enum MessageState: String, Sendable, Codable, DatabaseValueConvertible {
    /// Written by the user and sent.
    case sent
    /// Received from the other party.
    case received
}

/// One message in a conversation. Its attachments are URLs, in order.
public struct Message: Sendable, Hashable, Identifiable {
    /// Database id.
    public var id: Int64
    /// The conversation it belongs to.
    public var conversationID: Int64
    /// The text as written (never shown unescaped).
    public var text: String
    /// When it was sent or received.
    public var sentAt: Date
    /// Sent or received.
    public var state: MessageState
    /// The attachment URLs (`asset://`, `map://`, `https://`, `file://`), in order.
    public var attachments: [URL]
    /// The colour sketches known for attachments (`ColourSketch`'s text form), by URL.
    public var sketches: [URL: String]
    /// Its Matrix event, for a message of a Matrix room.
    public var matrix: MatrixMessageDetails?
    /// Where a send to a Matrix room stands (its local echo, then the event), for a message this account sent.
    public var delivery: MessageDelivery?

    /// A message with these fields (the store makes them; a screen makes one for a send still pending).
    public init(id: Int64, conversationID: Int64, text: String, sentAt: Date, state: MessageState, attachments: [URL],
                sketches: [URL: String] = [:], matrix: MatrixMessageDetails? = nil, delivery: MessageDelivery? = nil) {
        self.id = id
        self.conversationID = conversationID
        self.text = text
        self.sentAt = sentAt
        self.state = state
        self.attachments = attachments
        self.sketches = sketches
        self.matrix = matrix
        self.delivery = delivery
    }
}

/// The unsent message of a conversation: text, attachment URLs and whether its photos go at their original size.
public struct Draft: Sendable, Hashable {
    /// The text typed so far.
    public var text: String
    /// The attachment URLs, in order.
    public var attachments: [URL]
    /// The draft's send-once key: given by the store when the draft is first saved, kept while it
    /// is edited, used by `MessageStore.send`. A retried send of the same draft — after a crash, or
    /// from another process that had it open — finds the message already stored under it. It
    /// identifies the draft, not its content, so it takes no part in equality.
    public var sendKey: UUID?
    /// Whether its photos go at their original size (not fitted into 2048 × 2048), saved with the draft.
    public var original: Bool

    /// Creates a draft.
    public init(text: String = "", attachments: [URL] = [], sendKey: UUID? = nil, original: Bool = false) {
        self.text = text
        self.attachments = attachments
        self.sendKey = sendKey
        self.original = original
    }

    public static func == (lhs: Draft, rhs: Draft) -> Bool {
        lhs.text == rhs.text && lhs.attachments == rhs.attachments && lhs.original == rhs.original
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(attachments)
        hasher.combine(original)
    }

    /// True when there is nothing to send.
    public var isEmpty: Bool { text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && attachments.isEmpty }
}

/// A conversation with its latest message, for the conversations list.
public struct ConversationSummary: Sendable, Hashable, Identifiable {
    /// The conversation.
    public var conversation: Conversation
    /// Its most recent message, if any.
    public var lastMessage: Message?
    /// Whether it has an unsent draft.
    public var hasDraft: Bool
    /// The Matrix room behind it, if any.
    public var matrixRoom: MatrixRoomSummary?

    public var id: Int64 { conversation.id ?? 0 }
}
