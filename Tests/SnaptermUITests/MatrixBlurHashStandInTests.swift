// MatrixBlurHashStandInTests: a Matrix picture that came with a BlurHash has it as its stand-in sketch from the
// stored message alone (no colour sketch was made for it), in the picture's shape.
import Foundation
import Imaging
import MessageStore
@testable import SnaptermUI
import TestSupport
import Testing

@Suite struct MatrixBlurHashStandInTests {
    private func storedImage(blurhash: String?, width: Int64?, height: Int64?) throws -> Message {
        let folder = try TemporaryDirectory()
        let store = try MessageStore(path: folder.appending("m.sqlite").path)
        let media = MatrixMedia(url: "mxc://localhost/red", width: width, height: height, mimetype: "image/jpeg", blurhash: blurhash)
        let event = MatrixTimelineEvent(eventID: "$image", sender: "@bob:localhost", sentAt: Date(timeIntervalSince1970: 1),
                                        action: .message(MatrixMessageContent(kind: .image, body: "red.jpg", media: media)))
        _ = try store.applyMatrixSync([MatrixRoomUpdate(roomID: "!r", membership: .join, name: "R", events: [event])],
                                      since: "s1", account: "@alice:localhost")
        let room = try #require(try store.conversationID(ofRoom: "!r", account: "@alice:localhost"))
        return try #require(try store.messages(in: room).first { $0.matrix?.eventID == "$image" })
    }

    @Test func aPictureSentWithABlurHashHasItAsItsSketchInItsShape() throws {
        let message = try storedImage(blurhash: "LEHV6nWB2yk8pyo0adR*.7kCMdnj", width: 400, height: 100)
        let sketch = try #require(MessageDisplay.blurHashSketch(of: message))
        let parsed = try #require(BlurHashSketch(encoded: sketch))
        #expect(parsed.width == 400 && parsed.height == 100)
    }

    @Test func aPictureWithoutOneHasNone() throws {
        #expect(MessageDisplay.blurHashSketch(of: try storedImage(blurhash: nil, width: 400, height: 100)) == nil)
    }
}
