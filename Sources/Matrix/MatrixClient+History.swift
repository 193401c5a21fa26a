// MatrixClient+History: `/messages` — a room's older events, a page at a time, from a `prev_batch` or `end` token.
import Foundation

extension MatrixClient {
    /// `GET /rooms/{roomId}/messages?dir=b&from=…`: up to `limit` events older than `token`, newest first, members
    /// lazy-loaded.
    public func olderMessages(_ session: MatrixSession, room roomID: String, from token: String,
                              limit: Int = 50) async throws(MatrixError) -> RoomMessagesResponse {
        let query = [URLQueryItem(name: "dir", value: "b"), URLQueryItem(name: "from", value: token),
                     URLQueryItem(name: "limit", value: String(limit)),
                     URLQueryItem(name: "filter", value: #"{"lazy_load_members":true}"#)]
        return try await authorized(session, "GET", url: try Self.roomEndpoint(session.homeserver, roomID, ["messages"]),
                                    query: query, endpoint: "/rooms/…/messages")
    }
}
