// AnimatedThumbnailBlobTests: an animation's frames so far are one cache blob — read back as they were made, and
// nothing else is read as one (a kitty animation's blob, a still picture, a cut or lying blob).
import Foundation
import TerminalGraphics
import Testing
import Thumbnails

@Suite struct AnimatedThumbnailBlobTests {
    private let partial = AnimatedThumbnail(frames: [.sixel(Data("\u{1B}Pq#0~-\u{1B}\\".utf8)), .text([Data("ab".utf8), Data("cd".utf8)])],
                                            gaps: [70, 150, 100], loopCount: 2, columns: 4, rows: 2)

    @Test func framesSoFarReadBackAsTheyWereMade() throws {
        let read = try #require(AnimatedThumbnail(encoded: partial.encoded))
        #expect(read == partial)
        #expect(!read.isComplete)
    }

    @Test func nothingElseIsReadAsAnAnimation() throws {
        let blob = partial.encoded
        #expect(AnimatedThumbnail(encoded: blob.dropLast()) == nil)  // cut short
        #expect(AnimatedThumbnail(encoded: blob + Data("x".utf8)) == nil)  // a byte too many
        #expect(AnimatedThumbnail(encoded: TerminalPicture.sixel(Data("q".utf8)).encoded) == nil)  // a still picture
        let kitty = try #require(KittyAnimatedPicture(frames: [Data("1".utf8), Data("2".utf8)], gaps: [10, 10], loopCount: 0, columns: 1, rows: 1))
        #expect(AnimatedThumbnail(encoded: kitty.encoded) == nil)
        #expect(KittyAnimatedPicture(encoded: kitty.encoded) == kitty)
        // more frames than the animation has gaps, a frame that is no picture, no frame at all
        #expect(AnimatedThumbnail(encoded: Data("F1,1,0;10;1,1;SS".utf8)) == nil)
        #expect(AnimatedThumbnail(encoded: Data("F1,1,0;10,10;1;Z".utf8)) == nil)
        #expect(AnimatedThumbnail(encoded: Data("F1,1,0;10;;".utf8)) == nil)
        #expect(AnimatedThumbnail(encoded: Data("F1,1,0;10,10;1,1;SS".utf8))?.frames.count == 2)
    }
}
