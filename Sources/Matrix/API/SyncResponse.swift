// SyncResponse: the part of `GET /_matrix/client/v3/sync` Snapterm reads — joined rooms (timeline, state,
// summary, unread counts), invites (their stripped state) and rooms left.

/// One `/sync` answer: the token for the next one and the news of each room.
public struct SyncResponse: Decodable, Sendable {
    /// Rooms by membership.
    public struct Rooms: Decodable, Sendable {
        /// Joined rooms by room id (opaque strings: room version 12 ids have no server part).
        public let join: [String: JoinedRoom]?
        /// Rooms the user is invited to, by room id.
        public let invite: [String: InvitedRoom]?
        /// Rooms the user left or was removed from, by room id.
        public let leave: [String: LeftRoom]?
    }

    /// A room the user is invited to: what the inviter shares of its state.
    public struct InvitedRoom: Decodable, Sendable {
        /// Stripped state events (name, avatar, the invite itself).
        public let inviteState: Events?

        enum CodingKeys: String, CodingKey { case inviteState = "invite_state" }
    }

    /// A room left: nothing of it is read but its id.
    public struct LeftRoom: Decodable, Sendable {}

    /// A joined room's news.
    public struct JoinedRoom: Decodable, Sendable {
        /// Its timeline part.
        public let timeline: Timeline?
        /// State before the timeline (lazy-loaded members, name, avatar).
        public let state: Events?
        /// Heroes and member counts.
        public let summary: Summary?
        /// The server's count of unread notifications.
        public let unreadNotifications: UnreadNotifications?

        enum CodingKeys: String, CodingKey {
            case timeline, state, summary, unreadNotifications = "unread_notifications"
        }
    }

    /// A list of events.
    public struct Events: Decodable, Sendable {
        /// The events; one that cannot be read at all is left out.
        public let events: [RoomEvent]

        public init(from decoder: any Decoder) throws {
            events = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([Lenient].self, forKey: .events)?
                .compactMap(\.event) ?? []
        }

        enum CodingKeys: String, CodingKey { case events }
    }

    /// Timeline events.
    public struct Timeline: Decodable, Sendable {
        /// The events, oldest first; one without a type or sender is left out.
        public let events: [RoomEvent]
        /// Whether events were left out before these (a gap: page back with `prevBatch`).
        public let limited: Bool?
        /// The token to page back from.
        public let prevBatch: String?

        enum CodingKeys: String, CodingKey { case events, limited, prevBatch = "prev_batch" }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            events = try container.decodeIfPresent([Lenient].self, forKey: .events)?.compactMap(\.event) ?? []
            limited = try? container.decodeIfPresent(Bool.self, forKey: .limited)
            prevBatch = try? container.decodeIfPresent(String.self, forKey: .prevBatch)
        }
    }

    /// `summary`: who a nameless room is named after.
    public struct Summary: Decodable, Sendable {
        /// Up to five members' user ids.
        public let heroes: [String]?

        enum CodingKeys: String, CodingKey { case heroes = "m.heroes" }

        public init(from decoder: any Decoder) throws {
            heroes = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent([String].self, forKey: .heroes)
        }
    }

    /// `unread_notifications`.
    public struct UnreadNotifications: Decodable, Sendable {
        /// Unread messages that notify.
        public let notificationCount: Int?

        enum CodingKeys: String, CodingKey { case notificationCount = "notification_count" }

        public init(from decoder: any Decoder) throws {
            notificationCount = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .notificationCount)
        }
    }

    /// An event, or nothing when it lacks what every event has.
    struct Lenient: Decodable {
        let event: RoomEvent?
        init(from decoder: any Decoder) throws { event = try? RoomEvent(from: decoder) }
    }

    /// Pass as `since` to the next `/sync`.
    public let nextBatch: String
    /// The rooms part.
    public let rooms: Rooms?

    enum CodingKeys: String, CodingKey {
        case nextBatch = "next_batch", rooms
    }
}
