// MatrixRoomUpdate: what one `/sync` says of one Matrix room, in the store's own terms — the Matrix module
// translates its answers into these, so the store knows nothing of the protocol's JSON.
import Foundation

/// Where the account stands in a room.
public enum MatrixMembership: String, Sendable, Codable {
    /// Joined: the room is a conversation.
    case join
    /// Invited: shown until accepted or declined.
    case invite
    /// Left, declined or removed: no longer listed.
    case leave
}

/// The news of one room: state that changed (nil = unchanged) and new timeline events, oldest first.
public struct MatrixRoomUpdate: Sendable, Equatable {
    /// The room id (opaque).
    public var roomID: String
    /// The account's membership.
    public var membership: MatrixMembership
    /// `m.room.name`, when it came.
    public var name: String?
    /// `m.room.canonical_alias`, when it came.
    public var canonicalAlias: String?
    /// Who a nameless room is named after (display names where known, else user ids), when they came.
    public var heroes: [String]?
    /// The room's avatar, an `mxc://` URL, when it came.
    public var avatarURL: String?
    /// The server's unread count, when it came.
    public var unreadCount: Int?
    /// Who invited the account (invites only).
    public var inviter: String?
    /// New timeline events, oldest first.
    public var events: [MatrixTimelineEvent]
    /// The token to page back from before `events` (the timeline's `prev_batch`): kept from the first sync that
    /// showed the room, where paging back starts.
    public var historyToken: String?
    /// The timeline's `prev_batch` when the server left events out before `events` (`limited`): in a room seen before,
    /// the span between what is stored and `events` is paged in from it.
    public var gapToken: String?
    /// Members whose `m.room.member` state came, in order (the last of each wins).
    public var members: [MatrixMember] = []
    /// Whether `events` reach the room's start (its `m.room.create`): nothing older to page back to.
    public var reachesStart = false

    /// An update of `roomID`.
    public init(roomID: String, membership: MatrixMembership, name: String? = nil, canonicalAlias: String? = nil,
                heroes: [String]? = nil, avatarURL: String? = nil, unreadCount: Int? = nil, inviter: String? = nil,
                events: [MatrixTimelineEvent] = []) {
        self.roomID = roomID
        self.membership = membership
        self.name = name
        self.canonicalAlias = canonicalAlias
        self.heroes = heroes
        self.avatarURL = avatarURL
        self.unreadCount = unreadCount
        self.inviter = inviter
        self.events = events
    }
}
