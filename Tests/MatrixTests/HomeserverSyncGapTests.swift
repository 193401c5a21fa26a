// HomeserverSyncGapTests: the gap a limited `/sync` leaves, against the real Synapse — Snapterm's sync stopped, the
// matrix-nio peer sends more messages than the filter's timeline limit, the sync resumed from its stored token: every
// message the server left out of that sync is paged in, none twice, in the order sent.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct HomeserverSyncGapTests {
    @Test func givenTheSyncStopped_whenMoreThanTheTimelineLimitIsSent_thenTheResumedSyncStoresEveryMessage() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let scene = try await homeserver.sharedRoom(named: "Gap")
        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(scene.alice.localpart), password: scene.alice.password)
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let filter = SyncFilter(timelineLimit: 5)
        let before = try await scene.peer.sendText("before the gap", to: scene.room)

        // Synced up to `before`, then stopped (the token is kept in the store).
        let store = try MessageStore(path: path)
        let first = SyncEngine(client: client, session: session, store: store, filter: filter, pollTimeout: .seconds(1), observer: { _ in })
        let running = Task { await first.run() }
        let conversation = try await waitForConversation(store, room: scene.room, account: session.userID)
        #expect(await eventually { (try? store.message(eventID: before, in: conversation)) != nil })
        running.cancel()
        await running.value

        // While stopped: 23 messages, more than four times the limit.
        let sent = try await scene.peer.sendTexts("gap", count: 23, to: scene.room)

        let resumedStore = try MessageStore(path: path)
        let resumed = SyncEngine(client: client, session: session, store: resumedStore, filter: filter, pollTimeout: .seconds(1),
                                 observer: { _ in })
        let task = Task { await resumed.run() }
        defer { task.cancel() }
        let stored = { (try? resumedStore.messages(in: conversation).compactMap(\.matrix?.eventID)) ?? [] }
        #expect(await eventually(timeout: .seconds(60)) { Set(sent).isSubset(of: Set(stored())) }, "stored: \(stored().count)")
        #expect(await eventually { (try? resumedStore.matrixGaps(account: session.userID).isEmpty) == true })
        let ids = stored()
        #expect(Array(ids.suffix(24)) == [before] + sent, "the gap's messages sit between, in the order sent")
        #expect(Set(ids).count == ids.count, "none stored twice")
        #expect(try resumedStore.messages(in: conversation).suffix(23).map(\.text) == (1...23).map { String(format: "gap %03d", $0) })
    }

    private func waitForConversation(_ store: MessageStore, room: String, account: String) async throws -> Int64 {
        #expect(await eventually(timeout: .seconds(60)) { (try? store.conversationID(ofRoom: room, account: account)) != nil })
        return try #require(try store.conversationID(ofRoom: room, account: account))
    }
}
