// SyncFixture: the recorded `/sync` of Tests/Fixtures/matrix/sync-timeline.json, read for the translation and
// store tests — every kind of event Snapterm shows, with hostile text and sizes.
import Foundation
import Matrix
import MessageStore
import TestSupport

enum SyncFixture {
    /// The recorded answer, decoded.
    static func timeline() throws -> SyncResponse {
        try JSONDecoder().decode(SyncResponse.self, from: Data(contentsOf: RecordedTransport.Answer.folder.appendingPathComponent("sync-timeline.json")))
    }

    /// The update of `roomID` in the recorded answer.
    static func update(_ roomID: String) throws -> MatrixRoomUpdate {
        guard let update = try SyncTranslation.updates(timeline()).first(where: { $0.roomID == roomID }) else {
            throw TestHomeserverError(description: "no room \(roomID) in sync-timeline.json")
        }
        return update
    }
}
