// AnimationFrameByFrameTests: an animation's frames are handed on one by one as they decode — the first with the
// outline of the whole animation, before the second is even decoded — and a caller can stop the work at any frame.
import Foundation
import Imaging
import Testing

@Suite struct AnimationFrameByFrameTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/imaging").appendingPathComponent(path))
    }

    @Test func givenTheThousandFrameGIFWhenDecodedThenTheFirstFrameComesWithTheOutlineAndStoppingThereDecodesNoMore() throws {
        // Given the 1,000-frame 632×632 GIF, whose budget decodes many frames for a 240×240 box
        let gif = try fixture("bad/frames-632x632x1000.gif")
        let limits = AnimationLimits()
        let budget = limits.framesDecoded(of: 1000, frameWidth: 632, frameHeight: 632, width: 240, height: 240)
        // When its decoding is stopped at the first frame handed on
        var handed: [(index: Int, frames: Int)] = []
        let animation = try #require(try AnimationDecoder(limits: limits).decode(gif, width: 240, height: 240) { frame, index, outline in
            handed.append((index, outline.frameCount))
            #expect(frame.width == 240 && frame.height == 240)
            return false
        })
        // Then the first frame was handed on knowing all the frames to come, and no other frame was decoded
        #expect(handed.map(\.index) == [0])
        #expect(handed.first?.frames == budget && budget > 1)
        #expect(animation.frames.count == 1 && animation.gaps.count == 1)
    }

    @Test func givenTheThreeFrameGIFWhenDecodedThenEachFrameIsHandedOnInOrderOnce() throws {
        let gif = try fixture("good/three-frames-16x16.gif")
        var indices: [Int] = []
        let animation = try #require(try AnimationDecoder().decode(gif, width: 8, height: 4) { _, index, outline in
            indices.append(index)
            #expect(outline == AnimationOutline(gaps: [70, 150, 100], loopCount: 0))
            return true
        })
        #expect(indices == [0, 1, 2])
        #expect(animation.frames.count == 3)
    }
}
