// AnimationLimitsTests: animation bombs — too many frames, frames too large together, scaled frames over the memory
// budget — are refused from the header with a typed error, quickly, before any frame is decoded.
import Foundation
import Imaging
import TestSupport
import Testing

@Suite struct AnimationLimitsTests {
    private static let bad = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/imaging/bad").standardized

    private func bad(_ name: String) throws -> Data { try Data(contentsOf: Self.bad.appendingPathComponent(name)) }

    @Test func givenTenThousandFramesWhenDecodedThenTooManyFramesQuickly() async throws {
        // Given a 230 KB GIF of 10,000 one-pixel frames
        let gif = try bad("ten-thousand-frames.gif")
        // When decoded (libnsgif stops counting at 4,097 frames)
        let started = ContinuousClock.now
        let outcome = Result { () throws(ImagingError) in try AnimationDecoder().decode(gif, width: 8, height: 8) }
        // Then it is refused for its frames, before decoding any
        guard case .failure(.tooManyFrames(let count, let limit)) = outcome else {
            Issue.record("expected tooManyFrames, got \(outcome)")
            return
        }
        #expect(count > limit && limit == AnimationLimits().maxFrames)
        #expect(ContinuousClock.now - started < .seconds(10))
    }

    @Test func givenAHundredFramesOf2500SquaredWhenDecodedThenTooLargeWithBoundedMemory() async throws {
        // Given 100 frames of 2,500×2,500 (each within the per-frame limit, 625 million pixels together) in 2 KB
        let gif = try bad("frames-2500x2500x100.gif")
        // When decoded, measured alone
        let (outcome, growth) = try await OffPool.run {
            TestImages.memoryBudget.lock()
            defer { TestImages.memoryBudget.unlock() }
            TestImages.resetPeakResident()
            let before = TestImages.residentMegabytes()
            let outcome = Result { () throws(ImagingError) in try AnimationDecoder().decode(gif, width: 64, height: 64) }
            return (outcome, TestImages.peakResidentMegabytes() - before)
        }
        // Then it is refused as too large, having decoded nothing
        guard case .failure(.animationTooLarge(let frames, let width, let height, _)) = outcome else {
            Issue.record("expected animationTooLarge, got \(outcome)")
            return
        }
        #expect(frames == 100 && width == 2500 && height == 2500)
        #expect(growth < 100, "peak RSS grew by \(growth) MB")
    }

    @Test func givenAThousandFullFramesWithinEveryDeclaredLimitWhenDecodedThenOnlyTheBudgetsFramesAre() throws {
        // Given a 23 KB GIF of 1,000 frames of 632×632 (one pixel each): 400 million pixels, within the header's limits
        let gif = try bad("frames-632x632x1000.gif")
        let limits = AnimationLimits()
        // When decoded for a 240×240 box
        let animation = try #require(try AnimationDecoder(limits: limits).decode(gif, width: 240, height: 240))
        // Then only the frames within the decoding budget were decoded (the animation plays those), gaps alike
        let budget = limits.framesDecoded(of: 1000, frameWidth: 632, frameHeight: 632, width: 240, height: 240)
        #expect(budget > 1 && budget < 1000)
        #expect(animation.frames.count == budget)
        #expect(animation.gaps.count == budget)
    }

    @Test func givenFramesTooLargeForTwoWithinTheBudgetWhenDecodedThenItIsAStillPicture() throws {
        // Given the 3-frame GIF and a budget smaller than two of its frames with their scaled copies
        let gif = try Data(contentsOf: Self.bad.appendingPathComponent("../good/three-frames-16x16.gif").standardized)
        let decoder = AnimationDecoder(limits: AnimationLimits(maxDecodedPixels: 16 * 16 + 8 * 8))
        // Then it is not decoded as an animation (its first frame is shown still)
        #expect(try decoder.decode(gif, width: 8, height: 8) == nil)
    }

    @Test func givenFramesOf10000SquaredWhenDecodedThenEachFrameIsTooLarge() throws {
        // Given 100 frames of 10,000×10,000: one frame alone is over the 50-megapixel limit
        let gif = try bad("frames-10000x10000x100.gif")
        #expect(throws: ImagingError.tooManyPixels(width: 10_000, height: 10_000, limit: 50_000_000)) {
            try AnimationDecoder().decode(gif, width: 64, height: 64)
        }
    }

    @Test func givenABoxTooLargeForAllFramesWhenDecodedThenTheFrameBudgetRefusesIt() throws {
        // Given the 3-frame GIF and a budget of two 64×64 RGBA frames
        let gif = try Data(contentsOf: Self.bad.appendingPathComponent("../good/three-frames-16x16.gif").standardized)
        let decoder = AnimationDecoder(limits: AnimationLimits(maxFrameBytes: 2 * 64 * 64 * 4))
        // Then three such frames are refused, two-thirds of the size is not
        #expect(throws: ImagingError.self) { try decoder.decode(gif, width: 64, height: 64) }
        #expect(try decoder.decode(gif, width: 32, height: 32)?.frames.count == 3)
    }

    @Test func givenAGIFWithSpoiledFrameDataWhenDecodedThenATypedErrorNamingTheDamage() throws {
        // Given the 3-frame GIF with one byte of LZW data spoiled (its header still reads: 3 frames)
        let gif = try bad("three-frames-spoiled-lzw.gif")
        #expect(try ImageProcessor().info(of: gif).frameCount == 3)
        // Then the animation is refused with a typed error blaming the picture — or, as libvips' GIF loader
        // decodes the spoiled frame on some runs of a loaded machine (seen under stress-ng: three frames, no
        // error), it is the file's three frames: never another error, never a crash
        let outcome = Result { () throws(ImagingError) in try AnimationDecoder().decode(gif, width: 8, height: 8) }
        switch outcome {
        case .failure(.corrupt(let format, _)): #expect(format == .gif)
        case .success(let animation?): #expect(animation.frames.count == 3 && animation.gaps.count == 3)
        default: Issue.record("expected corrupt or the three frames, got \(outcome)")
        }
    }
}
