// RoomMessagesResponse: the part of `GET /_matrix/client/v3/rooms/{roomId}/messages` Snapterm reads — a page of a
// room's older events and where the next page starts.

/// One page of `/messages`, paging back (`dir=b`).
public struct RoomMessagesResponse: Decodable, Sendable {
    /// The events, newest first (paging back); one that cannot be read at all is left out.
    public let chunk: [RoomEvent]
    /// The token to ask the next (older) page from; absent when the room has no older events.
    public let end: String?
    /// State the events need (lazy-loaded members).
    public let state: [RoomEvent]

    enum CodingKeys: String, CodingKey { case chunk, end, state }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        chunk = try container.decode([SyncResponse.Lenient].self, forKey: .chunk).compactMap(\.event)
        end = try? container.decodeIfPresent(String.self, forKey: .end)
        state = (try? container.decodeIfPresent([SyncResponse.Lenient].self, forKey: .state))?.compactMap(\.event) ?? []
    }
}
