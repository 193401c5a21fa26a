// ExtremeColorProfileTests: a JPEG whose valid matrix-shaper ICC profile no real camera writes (colorants ten
// times Adobe RGB's) looks the same at every size — the libjpeg path's own float conversion (small boxes) and
// libvips' lcms2 conversion (large boxes, decodes) disagreed by up to 255 levels; the profile is now ignored on
// both, while real wide-gamut profiles (Adobe RGB, Display P3, ProPhoto-like) are still converted.
import Foundation
@testable import Imaging
import Testing

@Suite struct ExtremeColorProfileTests {
    @Test func givenExtremeColorantsWhenThumbnailedOnBothPathsThenThePicturesAgree() throws {
        // Given the 128×96 photo with Adobe RGB's colorants ×10
        let data = try JPEGFixtures.data("bad/icc-extreme-colorants.jpg")
        // When the libjpeg path fills 80×60 and libvips fills the same box
        let direct = try #require(DirectJPEG.filledThumbnail(data, width: 80, height: 60, limits: ImageLimits()))
        let reference = try JPEGFixtures.libvipsThumbnail(data, width: 80, height: 60)
        // Then they agree within the resampling tolerance of DirectJPEGOrientationTests
        let mean = JPEGFixtures.meanDifference(direct, reference)
        #expect(mean <= DirectJPEGOrientationTests.meanLevels, "mean \(mean) levels")
        #expect(direct.psnr(against: reference) >= DirectJPEGOrientationTests.psnr)
        // And a 320×240 thumbnail (libvips) has the mean colour of the 80×60 one (libjpeg)
        let large = try ImageProcessor().thumbnail(data, width: 320, height: 240, mode: .fill)
        let small = try ImageProcessor().thumbnail(data, width: 80, height: 60, mode: .fill)
        let (largeMean, smallMean) = (Self.meanColour(large), Self.meanColour(small))
        for channel in 0..<3 {
            #expect(abs(largeMean[channel] - smallMean[channel]) <= 3, "\(largeMean) at 320×240 against \(smallMean) at 80×60")
        }
    }

    /// The mean red, green and blue of `bitmap`, in levels.
    private static func meanColour(_ bitmap: Bitmap) -> [Double] {
        var sums = [0, 0, 0]
        for index in stride(from: 0, to: bitmap.pixels.count, by: 4) {
            for channel in 0..<3 { sums[channel] += Int(bitmap.pixels[index + channel]) }
        }
        return sums.map { Double($0) / Double(bitmap.width * bitmap.height) }
    }

    @Test func givenExtremeColorantsThenTheProfileIsIgnoredLikeAnUnusableOne() throws {
        let extreme = try JPEGFixtures.data("good/profiles/extreme-colorants.icc")
        #expect(!extreme.withUnsafeBytes { SRGBTransforms().isUsable($0) })
        // the pixels are the plain photo's, on both paths
        let tagged = try JPEGFixtures.data("bad/icc-extreme-colorants.jpg"), plain = try JPEGFixtures.data("good/plain-128x96.jpg")
        #expect(DirectJPEG.filledThumbnail(tagged, width: 64, height: 48, limits: ImageLimits())
                == DirectJPEG.filledThumbnail(plain, width: 64, height: 48, limits: ImageLimits()))
        #expect(try ImageProcessor().decode(tagged) == (try ImageProcessor().decode(plain)))
    }

    @Test(arguments: JPEGFixtures.profiles + ["grey"])
    func givenARealProfileThenItsUsabilityIsUnchanged(profile: String) throws {
        let icc = try JPEGFixtures.data("good/profiles/\(profile).icc")
        #expect(icc.withUnsafeBytes { SRGBTransforms().isUsable($0) } == (profile != "grey"))
    }
}
