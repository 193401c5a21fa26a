// MatrixComposeEndToEndTests: the composer's Send over Matrix, in tmux against the real Synapse — a photo picked,
// rotated in the editor and sent from a room is marked sent on screen, and the matrix-nio peer receives one m.image
// whose downloaded pixels are the rotated photo (decoded and compared with a tolerance, not byte for byte); with `o`
// (the original size) the peer receives the photo at its own pixel size.
import AssetLibrary
import Foundation
import Imaging
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct MatrixComposeEndToEndTests {
    @Test func aRotatedPhotoSentFromTheComposerReachesThePeerWithTheRotatedPixels() async throws {
        // Given alice logged in, in a room with bob, its conversation open
        let fixture = try E2EFixture(columns: 110, rows: 34)
        let tmux = fixture.tmux
        let (peer, room, _) = try await Self.openRoom(named: "Photos", in: fixture)

        // When the first photo is attached rotated a quarter turn, and the draft is sent
        try await tmux.openFirstPhotoInEditor()
        try await tmux.send("r")
        try await tmux.waitFor("rotate 90°")
        try await tmux.send("Enter")
        try await tmux.waitFor("1 photo")
        try await tmux.send("i")
        try await tmux.waitFor("Enter send")
        try await tmux.send("Enter")

        // Then the message is marked sent on screen
        let screen = try await tmux.waitFor(timeout: .seconds(90)) { $0.contains { $0.contains("✓ sent") } }
        #expect(!screen.contains { $0.contains("not sent") }, "\(screen)")
        // and the peer receives one m.image whose pixels are the rotated photo, at most 2048 px on its long side
        let events = try await peer.messages(in: room, atLeast: 1)
        let images = events.compactMap { $0["content"] as? [String: Any] }.filter { $0["msgtype"] as? String == "m.image" }
        #expect(images.count == 1, "\(events)")
        let mxc = try #require(images.first?["url"] as? String)
        let download = fixture.folder.appending("received.jpg")
        try await peer.download(mxc, to: download)
        let processor = ImageProcessor()
        let received = try processor.render(try Data(contentsOf: download), width: nil, height: nil)
        let library = try AssetLibrary(shippedFolder: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos"))
        let original = try library.photoData(id: try #require(library.assets.first?.id))
        let expected = try processor.render(original, width: received.width, height: received.height, mode: .fill,
                                            edit: ImageEdit(rotation: .clockwise90))
        let unturned = try processor.info(of: original)
        #expect(max(received.width, received.height) <= 2048)
        #expect((received.width > received.height) == (unturned.height > unturned.width), "the sides are swapped")
        let difference = Self.meanAbsoluteDifference(received, expected)
        #expect(difference < 6, "mean absolute difference \(difference) per channel")

        try await tmux.send("Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }

    /// Starts Snapterm logged in as alice (through `relay` when one is given), accepts bob's invitation to a room
    /// named `name` and opens its conversation.
    static func openRoom(named name: String, in fixture: E2EFixture,
                         through relay: LoopbackRelay? = nil) async throws -> (peer: MatrixPeer, room: String, alice: String) {
        let tmux = fixture.tmux
        let scene = try await fixture.matrixRoom(named: name, through: relay)
        let (peer, room) = (scene.peer, scene.room)
        try await fixture.start()
        try await tmux.waitFor("[Places]")
        try await tmux.send("Tab")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("invited by") } && $0.contains { $0.contains("Matrix: live") } }
        try await tmux.send("g", "a")
        try await tmux.waitFor(timeout: .seconds(60)) { !$0.contains { $0.contains("invited by") } }
        // A word from bob makes the room the newest conversation: the first row
        _ = try await peer.sendText("send me the photo", to: room)
        try await tmux.waitFor("send me the photo", timeout: .seconds(60))
        try await tmux.send("g", "Enter")
        try await tmux.waitFor(timeout: .seconds(60)) { $0.contains { $0.contains("i write") } && $0.contains { $0.contains("send me the photo") } }
        return (peer, room, scene.alice.userID)
    }

    @Test func aPhotoSentAtItsOriginalSizeReachesThePeerAtThatSize() async throws {
        // Given alice in a room with bob, the first photo of the gallery (5640 × 3172) attached
        let fixture = try E2EFixture(columns: 110, rows: 34)
        let tmux = fixture.tmux
        let (peer, room, _) = try await Self.openRoom(named: "Originals", in: fixture)
        try await tmux.attachFirstPhotoAsItIs()

        // When o chooses the original size — the draft names it — and the draft is sent
        try await tmux.send("o")
        try await tmux.waitFor("photos at their original size")
        try await tmux.send("i")
        try await tmux.waitFor("Enter send")
        try await tmux.send("Enter")
        let screen = try await tmux.waitFor(timeout: .seconds(120)) { $0.contains { $0.contains("✓ sent") } }
        #expect(!screen.contains { $0.contains("not sent") }, "\(screen)")

        // Then the peer receives the photo at its own size: announced, and in the pixels downloaded
        let library = try AssetLibrary(shippedFolder: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos"))
        let processor = ImageProcessor()
        let own = try processor.info(of: try library.photoData(id: try #require(library.assets.first?.id)))
        #expect(max(own.width, own.height) > 2048, "the photo must be larger than the usual size")
        let events = try await peer.messages(in: room, atLeast: 1)
        let image = try #require(events.compactMap { $0["content"] as? [String: Any] }.first { $0["msgtype"] as? String == "m.image" })
        let info = try #require(image["info"] as? [String: Any])
        #expect(info["w"] as? Int == own.width && info["h"] as? Int == own.height, "\(info)")
        let download = fixture.folder.appending("original.jpg")
        try await peer.download(try #require(image["url"] as? String), to: download)
        let received = try processor.info(of: try Data(contentsOf: download))
        #expect((received.width, received.height) == (own.width, own.height))

        try await tmux.send("Escape", "q")
        try await tmux.waitFor("EXIT=0")
    }

    /// The mean absolute difference of two same-sized bitmaps' red, green and blue channels (0–255).
    static func meanAbsoluteDifference(_ a: Bitmap, _ b: Bitmap) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        var total = 0
        var count = 0
        for index in stride(from: 0, to: min(a.pixels.count, b.pixels.count), by: 4) {
            for channel in 0..<3 { total += abs(Int(a.pixels[index + channel]) - Int(b.pixels[index + channel])) }
            count += 3
        }
        return count == 0 ? .infinity : Double(total) / Double(count)
    }
}
