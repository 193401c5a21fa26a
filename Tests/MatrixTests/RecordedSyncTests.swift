// RecordedSyncTests: a recorded `/sync` (Synapse 1.163, room version 12 ids) read into rooms and events; an
// odd event does not spoil the rest.
import Foundation
import Matrix
import Testing

@Suite struct RecordedSyncTests {
    @Test func givenARecordedSync_whenRead_thenJoinedRoomsTimelinesAndInvitesAreThere() async throws {
        let transport = RecordedTransport(["/_matrix/client/v3/sync": .recorded("sync.json")])
        let session = MatrixSession(homeserver: recordedBase, userID: "@alice:localhost", deviceID: "D", accessToken: "t")
        let sync = try await MatrixClient(transport: transport).sync(session, since: "s41", timeout: .seconds(5))
        #expect(sync.nextBatch == "s42_17_0_3_9_1_1_5_0_1")
        let room = try #require(sync.rooms?.join?["!ChDLQc2rhThd27LSutB4eziPzGGT_rK9iCeha_5b9G0"])
        let messages = room.timeline?.events.filter { $0.type == "m.room.message" } ?? []
        #expect(messages.map(\.content?.body) == ["hello alice", "red.png", nil])
        #expect(messages.map(\.content?.msgtype) == ["m.text", "m.image", "m.text"])
        #expect(messages.first?.sender == "@bob:localhost")
        #expect(sync.rooms?.invite?.keys.sorted() == ["!invited:localhost"])
        let query = try #require(transport.received.first?.url.query)
        #expect(query.contains("since=s41") && query.contains("timeout=5000"))
    }
}
