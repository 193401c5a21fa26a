// DirectJPEGColorProfileTests: a JPEG with an embedded ICC profile (sRGB, Adobe RGB, Display P3; in one
// or several APP2 chunks; with an EXIF turn too) is converted to sRGB with lcms2 on the libjpeg path and
// comes out as libvips' own thumbnail with its icc_transform does; one profile builds one transform.
import Foundation
@testable import Imaging
import TestSupport
import Testing

@Suite struct DirectJPEGColorProfileTests {
    @Test(arguments: JPEGFixtures.profiles)
    func givenAProfileWhenThumbnailedThenItMatchesLibvipsConversion(profile: String) throws {
        let icc = try JPEGFixtures.data("good/profiles/\(profile).icc")
        for orientation in [1, 6] {
            // Given coffee.jpg stored with the orientation and the profile
            let data = JPEGFixtures.withProfile(try JPEGFixtures.stored(try JPEGFixtures.photo("coffee.jpg"), orientation: orientation), icc)
            for (width, height) in [(240, 156), (100, 100)] {
                // When thumbnailed on the libjpeg path, then the pixels are libvips' converted ones
                let direct = try #require(DirectJPEG.filledThumbnail(data, width: width, height: height, limits: ImageLimits()))
                let reference = try JPEGFixtures.libvipsThumbnail(data, width: width, height: height)
                let psnr = direct.psnr(against: reference)
                let mean = JPEGFixtures.meanDifference(direct, reference)
                // The resampling tolerance of DirectJPEGOrientationTests: the conversion adds nothing (below)
                #expect(psnr >= DirectJPEGOrientationTests.psnr && mean <= DirectJPEGOrientationTests.meanLevels, "\(profile), orientation \(orientation), \(width)×\(height): \(psnr) dB, mean \(mean)")
            }
        }
    }

    @Test(arguments: JPEGFixtures.profiles)
    func givenAFlatColourInAProfileWhenThumbnailedThenEachPixelIsLibvipsWithinTwoLevels(profile: String) throws {
        // Given flat saturated and mid colours (no resampling difference), each in a 64×48 JPEG with the profile
        let icc = try JPEGFixtures.data("good/profiles/\(profile).icc")
        for colour in [RGBA(red: 40, green: 200, blue: 60), RGBA(red: 220, green: 40, blue: 30), RGBA(red: 128, green: 128, blue: 128),
                       RGBA(red: 30, green: 60, blue: 210)] {
            let data = JPEGFixtures.withProfile(try TestImages.jpeg(Bitmap(width: 64, height: 48, filledWith: colour), orientation: 1), icc)
            // When both paths convert it, then every pixel differs by at most 2 levels a channel
            let direct = try #require(DirectJPEG.filledThumbnail(data, width: 32, height: 24, limits: ImageLimits()))
            let reference = try JPEGFixtures.libvipsThumbnail(data, width: 32, height: 24)
            let largest = zip(direct.pixels, reference.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            // The same conversion, relative colorimetric without black point compensation: libvips' with lcms2's
            // 8-bit transform, the fast path's from the profile's curves and colorants in floats (a matrix-shaper
            // profile; lcms2's transform for any other) — 1 level measured, 2 allowed for another lcms2's rounding
            #expect(largest <= 2, "\(profile) \(colour): \(largest) levels; \(direct[16, 12]) against libvips' \(reference[16, 12])")
        }
    }

    @Test func givenAnAdobeRGBPhotoWhenThumbnailedThenItsColoursAreConvertedNotLeft() throws {
        // Given the same pixels with and without an Adobe RGB profile
        let plain = try JPEGFixtures.photo("coffee.jpg")
        let tagged = JPEGFixtures.withProfile(plain, try JPEGFixtures.data("good/profiles/adobe-rgb.icc"))
        // When both are thumbnailed, then the tagged one is more saturated: its colours were converted
        let converted = try #require(DirectJPEG.filledThumbnail(tagged, width: 240, height: 156, limits: ImageLimits()))
        let left = try #require(DirectJPEG.filledThumbnail(plain, width: 240, height: 156, limits: ImageLimits()))
        #expect(JPEGFixtures.meanDifference(converted, left) > 3)
    }

    @Test func givenAProfileInSeveralChunksOutOfOrderWhenThumbnailedThenItIsReassembled() throws {
        let photo = try JPEGFixtures.photo("coffee.jpg")
        let icc = try JPEGFixtures.data("good/profiles/display-p3.icc")
        let whole = try #require(DirectJPEG.filledThumbnail(JPEGFixtures.withProfile(photo, icc), width: 120, height: 80, limits: ImageLimits()))
        let chunked = JPEGFixtures.withProfile(photo, icc, chunks: 3, order: [2, 3, 1])
        #expect(DirectJPEG.filledThumbnail(chunked, width: 120, height: 80, limits: ImageLimits()) == whole)
    }

    @Test func givenOneProfileTwiceWhenItsTransformIsAskedForThenTheFirstIsKept() throws {
        let transforms = SRGBTransforms(capacity: 2)
        let adobe = try JPEGFixtures.data("good/profiles/adobe-rgb.icc"), p3 = try JPEGFixtures.data("good/profiles/display-p3.icc")
        let first = adobe.withUnsafeBytes { transforms.transform(for: $0) }
        #expect(first.pointer != nil)
        #expect(Data(adobe).withUnsafeBytes { transforms.transform(for: $0) } === first)
        #expect(p3.withUnsafeBytes { transforms.transform(for: $0) } !== first)
        // A third profile evicts the least recently used (Adobe RGB's), which is then built again
        _ = try JPEGFixtures.data("good/profiles/srgb.icc").withUnsafeBytes { transforms.transform(for: $0) }
        #expect(adobe.withUnsafeBytes { transforms.transform(for: $0) } !== first)
    }

    @Test func givenAProfileLargerThanTheLimitWhenThumbnailedThenLibvipsDoesIt() throws {
        // A 1 MB + 1 byte "profile" in 17 chunks: DirectJPEG leaves it to libvips, which ignores what lcms2 cannot read
        let huge = Data(repeating: 0x41, count: DirectJPEG.maxProfileBytes + 1)
        let data = JPEGFixtures.withProfile(try JPEGFixtures.data("good/plain-128x96.jpg"), huge, chunks: 17)
        #expect(DirectJPEG.filledThumbnail(data, width: 64, height: 48, limits: ImageLimits()) == nil)
        let thumbnail = try ImageProcessor().thumbnail(data, width: 64, height: 48, mode: .fill)
        #expect((thumbnail.width, thumbnail.height) == (64, 48))
    }
}
