// SyncResponse: the part of `GET /_matrix/client/v3/sync` Snapterm reads so far — joined rooms' timelines.

/// One `/sync` answer: the token for the next one and the new events of joined rooms.
public struct SyncResponse: Decodable, Sendable {
    /// Rooms by membership.
    public struct Rooms: Decodable, Sendable {
        /// Joined rooms by room id (opaque strings: room version 12 ids have no server part).
        public let join: [String: JoinedRoom]?
        /// Rooms the user is invited to, by room id (their content is not read yet).
        public let invite: [String: InvitedRoom]?
    }

    /// A room the user is invited to.
    public struct InvitedRoom: Decodable, Sendable {}

    /// A joined room's news.
    public struct JoinedRoom: Decodable, Sendable {
        /// Its timeline part.
        public let timeline: Timeline?
    }

    /// Timeline events.
    public struct Timeline: Decodable, Sendable {
        /// The events, oldest first.
        public let events: [RoomEvent]
    }

    /// Pass as `since` to the next `/sync`.
    public let nextBatch: String
    /// The rooms part.
    public let rooms: Rooms?

    enum CodingKeys: String, CodingKey {
        case nextBatch = "next_batch", rooms
    }
}
