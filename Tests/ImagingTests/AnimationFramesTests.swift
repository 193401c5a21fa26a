// AnimationFramesTests: an animated GIF or WebP decodes to every frame (scaled to fill the box), with the gaps the
// file gives (played as browsers do: 10 ms or less counts as 100 ms) and its loop count; a still picture is no animation.
import Foundation
import Imaging
import Testing

@Suite struct AnimationFramesTests {
    private let decoder = AnimationDecoder()
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func file(_ path: String) throws -> Data {
        try Data(contentsOf: Self.root.appendingPathComponent(path))
    }

    private func centre(_ bitmap: Bitmap) -> RGBA { bitmap[bitmap.width / 2, bitmap.height / 2] }

    @Test func givenTheThreeFrameGIFWhenDecodedThenEachFrameHasItsColourAndGap() throws {
        // Given a 16×16 GIF of a red, a green and a blue frame, 70, 150 and 10 ms
        let gif = try file("Tests/Fixtures/imaging/good/three-frames-16x16.gif")
        // When its frames are decoded into 8×4
        let animation = try #require(try decoder.decode(gif, width: 8, height: 4))
        // Then three 8×4 frames in order, the 10 ms gap played as 100 ms, looping for ever
        #expect(animation.frames.map { [$0.width, $0.height] } == Array(repeating: [8, 4], count: 3))
        #expect(animation.frames.map(centre).map { TestImages.close($0, TestImages.red) || TestImages.close($0, TestImages.green) || TestImages.close($0, TestImages.blue) } == [true, true, true])
        #expect(TestImages.close(centre(animation.frames[0]), TestImages.red))
        #expect(TestImages.close(centre(animation.frames[1]), TestImages.green))
        #expect(TestImages.close(centre(animation.frames[2]), TestImages.blue))
        #expect(animation.gaps == [70, 150, 100])
        #expect(animation.loopCount == 0)
    }

    @Test func givenTheAnimatedWebPWhenDecodedThenItsGapsAndLoopCountAreTheFiles() throws {
        // Given a 3-frame lossless WebP of 100, 200 and 300 ms that plays twice
        let webp = try file("Tests/Fixtures/imaging/good/three-frames-16x16.webp")
        // When decoded at its own size
        let animation = try #require(try decoder.decode(webp, width: 16, height: 16))
        // Then its frames are exactly the colours, with its gaps and loop count
        #expect(animation.frames.map(centre) == [TestImages.red, TestImages.green, TestImages.blue])
        #expect(animation.gaps == [100, 200, 300])
        #expect(animation.loopCount == 2)
    }

    @Test func givenStillPicturesWhenDecodedAsAnimationsThenThereIsNone() throws {
        // Given a still WebP and a JPEG
        let webp = try file("Tests/Fixtures/imaging/good/quadrants-32x24.webp")
        let jpeg = try ImageProcessor().encode(TestImages.quadrants(), as: .jpeg(quality: 90))
        // Then neither is an animation (the JPEG is told by its first bytes alone)
        #expect(try decoder.decode(webp, width: 16, height: 16) == nil)
        #expect(!AnimationDecoder.mayBeAnimated(jpeg))
        #expect(try decoder.decode(jpeg, width: 16, height: 16) == nil)
    }

    @Test(arguments: [(0, 100), (10, 100), (11, 11), (20, 20), (1000, 1000)])
    func givenAFileGapWhenPlayedThenTenMillisecondsOrLessIsAHundred(file: Int, played: Int) {
        #expect(Animation.playedGap(fileMilliseconds: file) == played)
    }
}
