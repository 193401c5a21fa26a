// HomeserverPeerImageTests: the peer's pictures — one with a plain `url`, one encrypted (`content.file`) —
// arrive through the Swift client's /sync as `m.image` events named after the file.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct HomeserverPeerImageTests {
    @Test func givenAPeerInARoomWithUs_whenItSendsPlainAndEncryptedPictures_thenOurSyncSeesBothAsImages() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let shared = try await homeserver.sharedRoom()
        let (alice, peer, room) = (shared.alice, shared.peer, shared.room)
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-320-progressive.jpg")
        let plain = try await peer.sendImage(photo, to: room)
        let encrypted = try await peer.sendImage(photo, to: room, encrypted: true)
        #expect(plain.url.hasPrefix("mxc://localhost/") && encrypted.url.hasPrefix("mxc://localhost/"))
        #expect(plain.url != encrypted.url)

        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(alice.localpart), password: alice.password)
        let first = try await client.waitForMessage(session, in: room, body: photo.lastPathComponent, within: .seconds(60))
        #expect(first.eventID == plain.eventID)
        #expect(first.content?.msgtype == "m.image")
        let sync = try await client.sync(session)
        let images = sync.rooms?.join?[room]?.timeline?.events.filter { $0.content?.msgtype == "m.image" } ?? []
        #expect(images.map(\.eventID) == [plain.eventID, encrypted.eventID])
        try await client.logout(session)
    }
}
