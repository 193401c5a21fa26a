// MatrixClient+Waiting: for tests — long-poll /sync until a message arrives, bounded by a deadline (a state
// waited for, never a time slept).
import Foundation
import Matrix
import TestSupport

extension MatrixClient {
    /// The first `m.room.message` in `room` whose body is `body`, from the first sync on; fails after `within`.
    func waitForMessage(_ session: MatrixSession, in room: String, body: String, within: Duration) async throws -> RoomEvent {
        let deadline = ContinuousClock.now + within
        var since: String?
        while ContinuousClock.now < deadline {
            let poll = min(Duration.seconds(10), deadline - ContinuousClock.now)
            let sync = try await sync(session, since: since, timeout: poll)
            since = sync.nextBatch
            let events = sync.rooms?.join?[room]?.timeline?.events ?? []
            if let event = events.first(where: { $0.type == "m.room.message" && $0.content?.body == body }) {
                return event
            }
        }
        throw TestHomeserverError(description: "no message \(body.debugDescription) arrived in \(room) within \(within)")
    }
}
