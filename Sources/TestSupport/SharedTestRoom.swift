// SharedTestRoom: the start most Matrix tests share — two fresh users of the test homeserver and a room between
// them, made by bob (the matrix-nio peer) with alice invited, and joined by her unless asked otherwise.
import Foundation

/// Two users of the test homeserver and the room between them.
public struct SharedTestRoom: Sendable {
    /// The account under test (Snapterm's side).
    public let alice: TestMatrixUser
    /// The other person, played by `peer`.
    public let bob: TestMatrixUser
    /// bob's matrix-nio client.
    public let peer: MatrixPeer
    /// The room's id.
    public let room: String
}

extension TestHomeserver {
    /// Registers bob and alice; bob makes a room (named `name`) inviting alice, who joins it when `joined`.
    public func sharedRoom(named name: String? = nil, joined: Bool = true) async throws -> SharedTestRoom {
        let bob = try await registerUser("bob")
        let alice = try await registerUser("alice")
        let peer = MatrixPeer(homeserver: self, user: bob)
        let room = try await peer.createRoom(inviting: [alice.userID], name: name)
        if joined {
            let rooms = try await MatrixPeer(homeserver: self, user: alice).acceptInvites()
            guard rooms == [room] else { throw TestHomeserverError(description: "alice joined \(rooms), not the room \(room)") }
        }
        return SharedTestRoom(alice: alice, bob: bob, peer: peer, room: room)
    }
}
