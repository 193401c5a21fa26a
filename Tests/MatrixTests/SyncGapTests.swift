// SyncGapTests: a later `/sync` whose timeline of a known room is `limited` is not skipped — the engine asks
// `/messages` back from the new `prev_batch` until it meets what was stored, stores the span in order and says the
// conversation changed; a failed page leaves the gap to the next round, which resumes from the kept token.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct SyncGapTests {
    private let session = SyncEngine.scriptedSession

    private static func event(_ id: String, _ second: Int) -> String {
        #"{"type": "m.room.message", "event_id": "\#(id)", "sender": "@bob:localhost", "origin_server_ts": \#(1_795_797_000_000 + second * 1000), "content": {"msgtype": "m.text", "body": "text \#(id)"}}"#
    }

    private static func sync(_ next: String, limited: Bool, prevBatch: String, _ events: [String]) -> ScriptedSyncTransport.Step {
        .answer(status: 200, body: Data(#"""
            {"next_batch": "\#(next)", "rooms": {"join": {"!gap": {"timeline": {"limited": \#(limited), "prev_batch": "\#(prevBatch)", "events": [\#(events.joined(separator: ","))]}}}}}
            """#.utf8))
    }

    private static func page(end: String?, _ eventsNewestFirst: [String]) -> ScriptedSyncTransport.Step {
        let end = end.map { #", "end": "\#($0)""# } ?? ""
        return .answer(status: 200, body: Data(#"{"start": "x", "chunk": [\#(eventsNewestFirst.joined(separator: ","))]\#(end)}"#.utf8))
    }

    @Test func givenALimitedSyncOfAKnownRoom_thenTheSpanBetweenIsPagedInUntilTheStoredEvents() async throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let transport = ScriptedSyncTransport([
            Self.sync("s1", limited: false, prevBatch: "p0", [Self.event("$a", 1), Self.event("$b", 2)]),
            Self.sync("s2", limited: true, prevBatch: "p2", [Self.event("$f", 6)]),
            Self.page(end: "p3", [Self.event("$e", 5), Self.event("$d", 4)]),
            Self.page(end: "p4", [Self.event("$c", 3), Self.event("$b", 2)]),
        ])
        let changes = SyncChanges()
        let syncEngine = SyncEngine.scripted(transport, store, changes)
        let task = Task { await syncEngine.run() }
        defer { task.cancel() }

        #expect(await eventually { transport.received.count == 5 }, "two syncs, two pages, then the next long-poll")
        let requests = transport.received.map { URLComponents(url: $0.url, resolvingAgainstBaseURL: false) }
        #expect(requests[2]?.path.hasSuffix("/rooms/!gap/messages") == true)
        #expect(requests[2]?.queryItems?.first { $0.name == "from" }?.value == "p2")
        #expect(requests[2]?.queryItems?.first { $0.name == "dir" }?.value == "b")
        #expect(requests[3]?.queryItems?.first { $0.name == "from" }?.value == "p3")
        #expect(requests[4]?.queryItems?.first { $0.name == "since" }?.value == "s2")
        let room = try #require(try store.conversationID(ofRoom: "!gap", account: session.userID))
        #expect(try store.messages(in: room).compactMap(\.matrix?.eventID) == ["$a", "$b", "$c", "$d", "$e", "$f"])
        #expect(try store.matrixGaps(account: session.userID).isEmpty)
        #expect(changes.stored.filter { $0 == [room] }.count >= 3, "the sync and each page said the conversation changed")
    }

    @Test func givenAPageThatFails_thenTheGapIsResumedFromItsTokenAfterTheBackOff() async throws {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let transport = ScriptedSyncTransport([
            Self.sync("s1", limited: false, prevBatch: "p0", [Self.event("$a", 1)]),
            Self.sync("s2", limited: true, prevBatch: "p2", [Self.event("$d", 4)]),
            Self.page(end: "p3", [Self.event("$c", 3)]),
            .fail(.unreachable(url: "http://scripted", reason: "connection refused")),
            .empty("s3"),
            Self.page(end: "p4", [Self.event("$b", 2), Self.event("$a", 1)]),
        ])
        let changes = SyncChanges()
        let syncEngine = SyncEngine.scripted(transport, store, changes)
        let task = Task { await syncEngine.run() }
        defer { task.cancel() }

        #expect(await eventually { transport.received.count == 7 })
        let from = transport.received.map { URLComponents(url: $0.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "from" }?.value }
        #expect(from[3] == "p3" && from[5] == "p3", "the failed page is asked again from the kept token")
        #expect(changes.states.contains { if case .offline = $0 { true } else { false } })
        let room = try #require(try store.conversationID(ofRoom: "!gap", account: session.userID))
        #expect(try store.messages(in: room).compactMap(\.matrix?.eventID) == ["$a", "$b", "$c", "$d"])
        #expect(try store.matrixGaps(account: session.userID).isEmpty)
    }
}
