// RoomEvent: one timeline or state event as `/sync` delivers it; its content in RoomEvent+Content.

/// A room event as `/sync` delivers it.
public struct RoomEvent: Decodable, Sendable, Equatable {
    /// `m.room.message` …
    public let type: String
    /// The event id (absent in an invite's stripped state).
    public let eventID: String?
    /// Who sent it.
    public let sender: String
    /// The state key of a state event (`m.room.member`'s is the member's user id).
    public let stateKey: String?
    /// When the sender's server received it, in milliseconds since 1970.
    public let originServerTimestamp: Int64?
    /// The event a redaction removes (`m.room.redaction`; in `content.redacts` from room version 11 on).
    public let redacts: String?
    /// Its content.
    public let content: Content?
    /// The transaction id it was sent under (`unsigned.transaction_id`): given to its sender's own device only.
    public let transactionID: String?

    enum CodingKeys: String, CodingKey {
        case type, sender, content, redacts, unsigned
        case eventID = "event_id", stateKey = "state_key", originServerTimestamp = "origin_server_ts"
    }

    private enum UnsignedKeys: String, CodingKey {
        case transactionID = "transaction_id"
    }

    /// Reads an event; a field of the wrong type reads as absent, so one odd event never spoils a `/sync`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        type = try container.decode(String.self, forKey: .type)
        sender = try container.decode(String.self, forKey: .sender)
        eventID = try? container.decodeIfPresent(String.self, forKey: .eventID)
        stateKey = try? container.decodeIfPresent(String.self, forKey: .stateKey)
        originServerTimestamp = try? container.decodeIfPresent(Int64.self, forKey: .originServerTimestamp)
        content = try? container.decodeIfPresent(Content.self, forKey: .content)
        redacts = (try? container.decodeIfPresent(String.self, forKey: .redacts)) ?? content?.redacts
        let unsigned = try? container.nestedContainer(keyedBy: UnsignedKeys.self, forKey: .unsigned)
        transactionID = try? unsigned?.decodeIfPresent(String.self, forKey: .transactionID)
    }
}
