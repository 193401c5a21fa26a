// HomeserverPeerBlurHashTests: the peer sends pictures as Element does — a BlurHash in `info` (its encoder,
// scripts/matrix/blurhash_encode.py, gives the `blurhash` PyPI package's reference hashes) and, for a picture over
// 800×600, a thumbnail of its own upload — and both arrive through the sync engine in the store.
import Foundation
import Imaging
import Matrix
import MessageStore
import TestSupport
import Testing

@Suite struct HomeserverPeerBlurHashTests {
    /// One encode case of Tests/Fixtures/imaging/blurhash/reference.json.
    private struct EncodeCase: Decodable {
        let fixture: String
        let componentsX: Int
        let componentsY: Int
        let hash: String
    }

    private struct Reference: Decodable {
        let encode: [EncodeCase]
    }

    @Test func givenTheReferenceFixtures_whenThePeersEncoderHashesThem_thenItGivesTheBlurhashPackagesHashes() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let root = CommandRunner.repositoryRoot
        let reference = try JSONDecoder().decode(
            Reference.self, from: Data(contentsOf: root.appendingPathComponent("Tests/Fixtures/imaging/blurhash/reference.json")))
        #expect(!reference.encode.isEmpty)
        for sample in reference.encode {
            let arguments = [root.appendingPathComponent(sample.fixture).path, String(sample.componentsX), String(sample.componentsY)]
            let output = try await OffPool.run { try MatrixScript.run(python: homeserver.python, "blurhash_encode.py", arguments) }
            #expect(output.status == 0, "\(output.stderr)")
            let hash = String(decoding: output.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(hash == sample.hash, "\(sample.fixture) at \(sample.componentsX)×\(sample.componentsY)")
        }
    }

    @Test func givenAPeersLargePhoto_whenSynced_thenItsBlurHashAndThumbnailAreStoredWithIt() async throws {
        let homeserver = try TestHomeserver.fromEnvironment()
        let shared = try await homeserver.sharedRoom()
        let client = MatrixClient()
        let session = try await client.login(at: homeserver.url, user: MatrixUserID(shared.alice.localpart), password: shared.alice.password)
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let engine = SyncEngine(client: client, session: session, store: store, pollTimeout: .seconds(5), observer: { _ in })
        let task = Task { await engine.run() }
        defer { task.cancel() }

        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/ladybird.jpg")  // 2560×1600
        let sent = try await shared.peer.sendImage(photo, to: shared.room)
        let conversation = try #require(try await eventually { try store.conversationID(ofRoom: shared.room, account: session.userID) })
        let stored = try #require(try await eventually { try store.message(eventID: sent.eventID, in: conversation) })

        let media = try #require(stored.matrix?.media)
        let sentHash = try #require(sent.blurhash)
        #expect(media.blurhash == sentHash)
        let blurHash = try BlurHash(sentHash)
        #expect(blurHash.componentsX == 4 && blurHash.componentsY == 3)
        #expect(media.url == sent.url)
        let thumbnail = try #require(media.thumbnailURL)
        #expect(thumbnail.hasPrefix("mxc://localhost/") && thumbnail != sent.url)
        #expect(media.width == 2560 && media.height == 1600)
    }
}
