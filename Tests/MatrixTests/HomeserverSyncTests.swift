// HomeserverSyncTests: the sync engine against the real Synapse with a matrix-nio peer — an invite appears, is
// accepted, the peer's text and picture land in the store; the server unreachable mid-sync (a relay in front of
// it cut, the shared server itself untouched) → offline, then live with nothing lost; the token revoked → signed
// out. The token appears in no state.
import Foundation
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct HomeserverSyncTests {
    @Test func givenAPeersInvite_whenAcceptedAndItSendsTextAndAPicture_thenTheyAreStoredThenARevokedTokenSignsOut() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let bob = try await homeserver.registerUser("bob")
        let alice = try await homeserver.registerUser("alice")
        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(alice.localpart), password: alice.password)
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let changes = SyncChanges()
        let engine = SyncEngine(client: client, session: session, store: store, pollTimeout: .seconds(5), observer: { changes.add($0) })
        let task = Task { await engine.run() }
        defer { task.cancel() }

        let peer = MatrixPeer(homeserver: homeserver, user: bob)
        let room = try await peer.createRoom(inviting: [alice.userID])
        #expect(await eventually { roomRow(in: store, session)?.matrixRoom?.membership == .invite })
        try await client.join(session, room: room)
        #expect(await eventually { roomRow(in: store, session)?.matrixRoom?.membership == .join })

        let text = "hello \u{1B}[31m \(UUID().uuidString)"
        let textEvent = try await peer.sendText(text, to: room)
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-320-progressive.jpg")
        let image = try await peer.sendImage(photo, to: room)
        let conversation = try #require(try store.conversationID(ofRoom: room, account: session.userID))
        #expect(await eventually { (try? store.message(eventID: image.eventID, in: conversation)) != nil })
        #expect(try store.message(eventID: textEvent, in: conversation)?.text == text)
        let stored = try #require(try store.message(eventID: image.eventID, in: conversation))
        #expect(stored.attachments == [URL(string: image.url)!])
        #expect(stored.matrix?.media?.width == 320)
        #expect(stored.matrix?.kind == .image)

        // The token revoked from elsewhere: the engine stops, signed out.
        try await client.logout(session)
        #expect(await eventually { if case .signedOut? = changes.states.last { true } else { false } })
        #expect(changes.states.allSatisfy { !"\($0)".contains(session.accessToken) })
        #expect(try store.message(eventID: textEvent, in: conversation)?.text == text, "nothing stored is lost")
    }

    @Test func givenTheServerUnreachableMidSync_whenItComesBack_thenOfflineThenLiveWithNothingLost() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let relay = try LoopbackTCPProxy(targetPort: homeserver.url.port ?? 80)
        defer { relay.close() }
        let bob = try await homeserver.registerUser("bob")
        let alice = try await homeserver.registerUser("alice")
        let client = MatrixClient()
        let session = try await client.login(at: relay.url, user: MatrixUserID(alice.localpart), password: alice.password)
        let peer = MatrixPeer(homeserver: homeserver, user: bob)
        let room = try await peer.createRoom(inviting: [alice.userID])
        try await client.join(session, room: room)
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let changes = SyncChanges()
        let engine = SyncEngine(client: client, session: session, store: store, pollTimeout: .seconds(5),
                                backoff: SyncBackoff(initial: .milliseconds(200), maximum: .seconds(1)), observer: { changes.add($0) })
        let task = Task { await engine.run() }
        defer { task.cancel() }
        #expect(await eventually { roomRow(in: store, session)?.matrixRoom?.membership == .join })

        relay.cut()
        #expect(await eventually { if case .offline? = changes.states.last { true } else { false } })
        let whileDown = try await peer.sendText("sent while we were offline", to: room)
        relay.restore()

        let conversation = try #require(try store.conversationID(ofRoom: room, account: session.userID))
        #expect(await eventually { (try? store.message(eventID: whileDown, in: conversation)) != nil })
        #expect(await eventually { changes.states.last == .live })
        guard let offline = changes.states.first(where: { if case .offline = $0 { true } else { false } }),
              case .offline(let reason, _) = offline else { return }
        #expect(reason.contains("cannot be reached"))
        #expect(!reason.contains(session.accessToken))
        try await client.logout(session)
    }

    private func roomRow(in store: MessageStore, _ session: MatrixSession) -> ConversationSummary? {
        try? store.conversations().first { $0.matrixRoom?.account == session.userID }
    }
}
