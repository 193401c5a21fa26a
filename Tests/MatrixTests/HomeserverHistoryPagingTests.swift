// HomeserverHistoryPagingTests: paging back against the real Synapse — the peer sends more messages than the first
// sync's timeline holds; pages of `/messages` from the stored `prev_batch` bring the older ones, oldest first, until the
// room's start, and then paging stops asking.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct HomeserverHistoryPagingTests {
    @Test func givenMoreMessagesThanTheFirstSyncHolds_whenPagingBack_thenEveryMessageIsStoredInOrderUntilTheStart() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let shared = try await homeserver.sharedRoom()
        let (alice, peer, room) = (shared.alice, shared.peer, shared.room)
        let sent = try await peer.sendTexts("older", count: 25, to: room)

        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(alice.localpart), password: alice.password)
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let first = try await client.sync(session, filter: SyncFilter(timelineLimit: 10))
        try store.applyMatrixSync(SyncTranslation.updates(first), since: first.nextBatch, account: session.userID)
        let conversation = try #require(try store.conversationID(ofRoom: room, account: session.userID))
        let synced = try store.messages(in: conversation).compactMap(\.matrix?.eventID)
        #expect(synced == Array(sent.suffix(10)), "the first sync holds the newest ten")
        #expect(try store.matrixHistory(of: conversation)?.canPageBack == true)

        let paging = HistoryPaging(client: client, session: session, store: store, pageSize: 8)
        var outcomes: [HistoryPaging.Outcome] = []
        // 15 messages and the room's own state events in pages of 8: a handful of pages, never an endless loop.
        for _ in 0..<12 {
            let outcome = try await paging.pageBack(conversationID: conversation)
            outcomes.append(outcome)
            if case .reachedStart = outcome { break }
        }
        guard case .reachedStart? = outcomes.last else {
            Issue.record("paging never reached the room's start: \(outcomes)")
            return
        }
        #expect(try store.messages(in: conversation).compactMap(\.matrix?.eventID) == sent, "every message, oldest first")
        #expect(try store.messages(in: conversation).first?.text == "older 001")
        #expect(try await paging.pageBack(conversationID: conversation) == .reachedStart(messages: 0), "the start stops asking")
        try await client.logout(session)
    }
}
