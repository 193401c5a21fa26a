// SyncDiskFullTests: a sync whose events do not fit on the disk is not half stored — the sync token stays where it
// was, the engine says why it is retrying, and once there is room the very same events are fetched and stored.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct SyncDiskFullTests {
    private let session = SyncEngine.scriptedSession

    /// A sync answer with one room of `count` messages of about 4 KB each.
    static func bigSync(count: Int) -> Data {
        let body = String(repeating: "a picture of the harbour at dawn ", count: 128)
        let events = (0..<count).map { index in
            #"{"type": "m.room.message", "event_id": "$e\#(index)", "sender": "@bob:localhost", "origin_server_ts": \#(1795797000000 + index), "content": {"msgtype": "m.text", "body": "\#(index) \#(body)"}}"#
        }
        return Data(#"{"next_batch": "s_full", "rooms": {"join": {"!harbour": {"timeline": {"events": [\#(events.joined(separator: ","))]}}}}}"#.utf8)
    }


    @Test func givenAFullDisk_whenASyncArrives_thenNothingIsHalfStoredAndTheSameEventsAreStoredOnceThereIsRoom() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        _ = try MessageStore(path: path)  // the schema, as an earlier run left it
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)

        // Given a database that may grow by 64 KB only, when a 200 KB sync arrives
        let full = try MessageStore(path: path, maximumBytes: size + 64 << 10)
        let refused = ScriptedSyncTransport([.answer(status: 200, body: Self.bigSync(count: 50))])
        let changes = SyncChanges()
        let fullEngine = SyncEngine.scripted(refused, full, changes)
        let task = Task { await fullEngine.run() }
        // Then the engine says the disk is full (not "offline") and retries, having stored nothing of it and kept no token
        #expect(await eventually {
            changes.states.contains { if case .cannotStore(let reason, _) = $0 { reason.contains("disk is full") } else { false } }
        })
        let said = try #require(changes.states.first { if case .cannotStore = $0 { true } else { false } })
        #expect(said.summary(at: Date()).hasPrefix("cannot store new messages (the disk is full"), "\(said.summary(at: Date()))")
        task.cancel()
        await task.value
        #expect(try full.matrixSyncToken(account: session.userID) == nil)
        #expect(try full.conversationID(ofRoom: "!harbour", account: session.userID) == nil)

        // When there is room again, then the next sync asks from the same place and stores every event
        let roomy = try MessageStore(path: path)
        let again = ScriptedSyncTransport([.answer(status: 200, body: Self.bigSync(count: 50))])
        let secondEngine = SyncEngine.scripted(again, roomy, SyncChanges())
        let second = Task { await secondEngine.run() }
        defer { second.cancel() }
        try #require(await eventually { again.received.count == 2 })
        #expect(again.received[0].url.query?.contains("since=") == false)
        let harbour = try #require(try roomy.conversationID(ofRoom: "!harbour", account: session.userID))
        #expect(try roomy.messages(in: harbour).count == 50)
        #expect(try roomy.matrixSyncToken(account: session.userID) == "s_full")
    }
}
