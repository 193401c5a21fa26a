// SyncEngineTests: the sync loop against scripted answers — the initial sync through the filter, a restart that
// resumes from the stored token, back-off while the server is down and recovery with nothing lost, a revoked token
// that stops it signed out with the draft kept, an answer that is not JSON.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct SyncEngineTests {
    private let session = SyncEngine.scriptedSession


    @Test func givenNoToken_whenTheEngineStarts_thenTheInitialSyncUsesTheFilterAndTheNextLongPollsFromItsToken() async throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let transport = ScriptedSyncTransport([.recorded("sync-timeline.json")])
        let changes = SyncChanges()
        let syncEngine = SyncEngine.scripted(transport, store, changes)
        let task = Task { await syncEngine.run() }
        defer { task.cancel() }

        try #require(await eventually { transport.received.count == 2 })
        let queries = transport.received.map { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems ?? [] }
        #expect(queries[0].first { $0.name == "since" } == nil)
        #expect(queries[0].first { $0.name == "timeout" }?.value == "0")
        #expect(queries[0].first { $0.name == "filter" }?.value?.contains(#""lazy_load_members":true"#) == true)
        #expect(queries[0].first { $0.name == "filter" }?.value?.contains(#""limit":20"#) == true)
        #expect(queries[1].first { $0.name == "since" }?.value == "s7_timeline")
        #expect(queries[1].first { $0.name == "timeout" }?.value == "30000")
        #expect(changes.states == [.live])
        #expect(changes.arrivals == [[]], "the first sync is history: nothing is announced")
        #expect(try store.conversationID(ofRoom: "!trip", account: session.userID) != nil)
        #expect(transport.received.allSatisfy { !$0.url.absoluteString.contains(session.accessToken) })
    }

    @Test func givenALaterSync_whenAMessageFromSomeoneElseArrives_thenItsConversationIsAnnounced() async throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let news = #"{"next_batch": "s8", "rooms": {"join": {"!trip": {"timeline": {"events": [{"type": "m.room.message", "event_id": "$new", "sender": "@bob:localhost", "origin_server_ts": 1795797000000, "content": {"msgtype": "m.text", "body": "news"}}]}}}}}"#
        let transport = ScriptedSyncTransport([.recorded("sync-timeline.json"), .answer(status: 200, body: Data(news.utf8))])
        let changes = SyncChanges()
        let syncEngine = SyncEngine.scripted(transport, store, changes)
        let task = Task { await syncEngine.run() }
        defer { task.cancel() }

        #expect(await eventually { changes.arrivals.count == 2 })
        let trip = try #require(try store.conversationID(ofRoom: "!trip", account: session.userID))
        #expect(changes.arrivals == [[], [trip]])
    }

    @Test func givenAStoredToken_whenANewEngineStarts_thenItResumesFromThatToken() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let first = ScriptedSyncTransport([.empty("s41")])
        let changes = SyncChanges()
        let firstEngine = SyncEngine.scripted(first, try MessageStore(path: path), changes)
        let task = Task { await firstEngine.run() }
        #expect(await eventually { first.received.count == 2 })
        task.cancel()
        await task.value

        // A restart: a new store and engine over the same file.
        let second = ScriptedSyncTransport([])
        let secondEngine = SyncEngine.scripted(second, try MessageStore(path: path), SyncChanges())
        let restarted = Task { await secondEngine.run() }
        defer { restarted.cancel() }
        try #require(await eventually { second.received.count == 1 })
        #expect(second.received[0].url.query?.contains("since=s41") == true)
    }

    @Test func givenTheServerDown_whenTheEngineSyncs_thenItIsOfflineWithARetryTimeThenLiveWithNothingLost() async throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let refused = MatrixError.unreachable(url: "https://matrix.example.org", reason: "connection refused")
        let transport = ScriptedSyncTransport([.fail(refused), .fail(refused), .recorded("sync-timeline.json")])
        let changes = SyncChanges()
        let syncEngine = SyncEngine.scripted(transport, store, changes)
        let task = Task { await syncEngine.run() }
        defer { task.cancel() }

        #expect(await eventually { changes.states.last == .live })
        let states = changes.states
        #expect(states.count == 3)
        guard case .offline(let reason, _) = states.first else { Issue.record("not offline first: \(states)"); return }
        #expect(reason.contains("connection refused"))
        #expect(try store.matrixSyncToken(account: session.userID) == "s7_timeline")
        let trip = try #require(try store.conversationID(ofRoom: "!trip", account: session.userID))
        #expect(try store.messages(in: trip).count == 9)
    }

    @Test func givenARevokedToken_whenTheEngineSyncs_thenItStopsSignedOutSayingWhatToDoAndTheDraftIsKept() async throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let demo = try #require(try store.createConversation(title: "Demo").id)
        try store.saveDraft(Draft(text: "typed before the token was revoked"), for: demo)
        let transport = ScriptedSyncTransport([.empty("s1"), .recorded("unknown-token-soft-logout.json", status: 401)])
        let changes = SyncChanges()

        await SyncEngine.scripted(transport, store, changes).run()  // returns: the session has ended

        guard case .signedOut(let advice, let soft)? = changes.states.last else { Issue.record("\(changes.states)"); return }
        #expect(advice == "log in again with snapterm login https://matrix.example.org @alice:localhost")
        #expect(soft)
        #expect(!advice.contains(session.accessToken))
        #expect(try store.draft(for: demo).text == "typed before the token was revoked")
        #expect(try store.matrixSyncToken(account: session.userID) == "s1")
    }

    @Test func givenAnAnswerThatIsNotJSON_whenTheEngineSyncs_thenItIsOfflineSayingSoAndRecovers() async throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let transport = ScriptedSyncTransport([.answer(status: 200, body: Data("<html>".utf8)),
                                               .answer(status: 200, body: Data(#"{"rooms": 7}"#.utf8)), .empty("s9")])
        let changes = SyncChanges()
        let syncEngine = SyncEngine.scripted(transport, store, changes)
        let task = Task { await syncEngine.run() }
        defer { task.cancel() }

        #expect(await eventually { changes.states.last == .live })
        let reasons = changes.states.compactMap { if case .offline(let reason, _) = $0 { reason } else { nil } }
        #expect(reasons == ["the homeserver's answer to /sync could not be read (it is not JSON)",
                            "the homeserver's answer to /sync could not be read (next_batch is missing)"])
        #expect(try store.matrixSyncToken(account: session.userID) == "s9")
    }

    @Test func givenAnEnormousAnswer_whenSynced_thenATypedErrorNamesTheLimit() async throws {
        let huge = Data(#"{"next_batch": "s", "x": ""#.utf8) + Data(repeating: UInt8(ascii: "a"), count: 17 << 20) + Data(#""}"#.utf8)
        let server = try await TestHTTPServer(routes: ["/_matrix/client/v3/sync": .respond(body: huge)])
        let session = MatrixSession(homeserver: server.url("/"), userID: "@alice:localhost", deviceID: "D", accessToken: "syt_t")
        await #expect(throws: MatrixError.self) { try await MatrixClient().sync(session) }
        do {
            _ = try await MatrixClient().sync(session)
        } catch {
            guard case .invalidResponse(_, let reason) = error else { Issue.record("\(error)"); await server.stop(); return }
            #expect(reason.contains("more than 16 MiB"))
        }
        await server.stop()
    }
}
