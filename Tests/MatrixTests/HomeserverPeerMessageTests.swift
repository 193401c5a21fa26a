// HomeserverPeerMessageTests: the harness end to end — a real other person (matrix-nio) creates a room,
// invites our user and sends a message that the Swift client sees through /sync.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct HomeserverPeerMessageTests {
    @Test func givenAPeerInARoomWithUs_whenItSendsText_thenOurSyncSeesTheMessage() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let bob = try await homeserver.registerUser("bob")
        let alice = try await homeserver.registerUser("alice")
        let peer = MatrixPeer(homeserver: homeserver, user: bob)
        #expect(try await peer.login() == bob.userID)
        let room = try await peer.createRoom(inviting: [alice.userID])
        // Our user joins through the peer script too: the Swift client does not join rooms yet.
        #expect(try await MatrixPeer(homeserver: homeserver, user: alice).acceptInvites() == [room])
        let text = "hello from nio \(UUID().uuidString)"
        let eventID = try await peer.sendText(text, to: room)

        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(alice.localpart), password: alice.password)
        let event = try await client.waitForMessage(session, in: room, body: text, within: .seconds(60))
        #expect(event.eventID == eventID)
        #expect(event.sender == bob.userID)
        #expect(event.content?.msgtype == "m.text")
        try await client.logout(session)
    }
}
