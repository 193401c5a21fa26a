// MatrixRecords: what the screens read of Matrix rooms and events besides a conversation's and a message's own
// fields.
import Foundation

/// A Matrix room behind a conversation.
public struct MatrixRoomSummary: Sendable, Hashable {
    /// The account (user id) that sees it.
    public var account: String
    /// The room id.
    public var roomID: String
    /// Joined or invited.
    public var membership: MatrixMembership
    /// The room's avatar (`mxc://`), the row's thumbnail.
    public var avatarURL: URL?
    /// Unread messages, as the server counts them.
    public var unreadCount: Int
    /// Who invited the account, for an invite.
    public var inviter: String?
}

/// A reaction key and how many sent it.
public struct MatrixReactionCount: Sendable, Hashable {
    /// The key (an emoji), as sent.
    public var key: String
    /// How many reactions carry it.
    public var count: Int

    /// `count` reactions of `key`.
    public init(key: String, count: Int) {
        self.key = key
        self.count = count
    }
}

/// A message's Matrix side.
public struct MatrixMessageDetails: Sendable, Hashable {
    /// The event id.
    public var eventID: String
    /// The sender's user id.
    public var sender: String
    /// Text, notice, emote, image, file, encrypted, redacted …
    public var kind: MatrixMessageKind
    /// Whether an edit replaced its text.
    public var edited: Bool
    /// The event it replies to.
    public var replyTo: String?
    /// Its picture or file.
    public var media: MatrixMedia?
    /// Its reactions, most frequent first.
    public var reactions: [MatrixReactionCount]
    /// The sender's display name in the room, followed by its user id when another member has the same name; nil
    /// when it has none (show `sender`). As sent: escape it when drawn.
    public var senderName: String? = nil

    /// `senderName`, else the user id.
    public var senderShown: String { senderName ?? sender }
}


/// What storing one room's news did.
public struct MatrixStoredRoom: Sendable, Hashable {
    /// The room's conversation.
    public var conversationID: Int64
    /// Messages from others that were not stored before.
    public var newMessagesFromOthers: Int
}
