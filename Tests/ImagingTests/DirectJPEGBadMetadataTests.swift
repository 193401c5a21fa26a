// DirectJPEGBadMetadataTests: damaged EXIF and ICC segments (Tests/Fixtures/imaging/bad/exif-*, icc-*,
// scripts/fixtures/bad-exif-icc.py) are never followed past their end: the libjpeg path reads what libvips
// reads (an orientation it finds, else none) and ignores a profile it cannot use, as the libvips path does.
import Foundation
@testable import Imaging
import TestSupport
import Testing

@Suite struct DirectJPEGBadMetadataTests {
    static let names = ((try? FileManager.default.contentsOfDirectory(atPath: JPEGFixtures.folder.appendingPathComponent("bad").path)) ?? [])
        .filter { ($0.hasPrefix("exif-") || $0.hasPrefix("icc-")) && $0.hasSuffix(".jpg") }.sorted()

    @Test func theCorpusIsThere() {
        #expect(Self.names.count >= 15, "\(Self.names)")
    }

    @Test(arguments: names)
    func givenADamagedSegmentWhenReadOnTheLibjpegPathThenItAgreesWithLibvips(name: String) throws {
        // Given a 128×96 photo with a bad EXIF or ICC segment
        let data = try JPEGFixtures.data("bad/\(name)")
        // When its header is read, then it is libvips' (an unreadable orientation is 1)
        let info = try ImageProcessor().info(of: data)
        #expect(info == (try JPEGFixtures.libvipsInfo(data)), "\(name)")
        // When it is thumbnailed, then libjpeg does it, and the pixels are libvips'
        let box = info.width > info.height ? (64, 48) : (48, 64)
        let direct = try #require(DirectJPEG.filledThumbnail(data, width: box.0, height: box.1, limits: ImageLimits()), "\(name)")
        let reference = try JPEGFixtures.libvipsThumbnail(data, width: box.0, height: box.1)
        let psnr = direct.psnr(against: reference)
        #expect(psnr >= 35, "\(name): \(psnr) dB against libvips")
    }

    /// Every damaged profile but one: chunks 1 of 2 and 2 of 3 still make the whole profile, in order (libvips
    /// reads chunks by their number, not their declared count), which is then converted on both paths.
    static let ignoredProfiles = names.filter { $0.hasPrefix("icc-") && $0 != "icc-count-mismatch.jpg" }

    @Test(arguments: ignoredProfiles)
    func givenAnUnusableProfileWhenThumbnailedThenItIsIgnored(name: String) throws {
        // Given the same photo without the segment
        let plain = try JPEGFixtures.data("good/plain-128x96.jpg")
        let data = try JPEGFixtures.data("bad/\(name)")
        // When both are thumbnailed, then the pixels are the same: the profile was left out
        let expected = try #require(DirectJPEG.filledThumbnail(plain, width: 64, height: 48, limits: ImageLimits()))
        #expect(DirectJPEG.filledThumbnail(data, width: 64, height: 48, limits: ImageLimits()) == expected, "\(name)")
    }
}
