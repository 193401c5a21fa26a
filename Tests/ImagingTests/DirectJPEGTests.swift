// DirectJPEG: a JPEG thumbnailed with libjpeg alone looks like libvips' own thumbnail, and whatever
// needs libvips (CMYK, a larger box, a damaged file) is left to it. (EXIF turns and ICC profiles:
// DirectJPEGOrientationTests, DirectJPEGColorProfileTests.)
import Foundation
@testable import Imaging
import TestSupport
import Testing

@Suite struct DirectJPEGTests {
    private let processor = ImageProcessor()
    static let plainPhotos = ["coffee.jpg", "astronaut.jpg", "camera-greyscale.jpg", "grace-hopper.jpg", "storm.jpg", "elephants-large.jpg"]

    @Test func aPlainPhotoLooksLikeLibvipsOwnThumbnail() throws {
        var figures: [Double] = []
        for name in Self.plainPhotos {
            let data = try JPEGFixtures.photo(name)
            for (width, height) in [(240, 156), (100, 100), (333, 97)] {
                let direct = try #require(DirectJPEG.filledThumbnail(data, width: width, height: height, limits: ImageLimits()))
                let reference = try JPEGFixtures.libvipsThumbnail(data, width: width, height: height)
                #expect(direct.width == width && direct.height == height)
                #expect(direct.isOpaque)
                let psnr = direct.psnr(against: reference)
                // 37–54 dB; the 5640×3172 elephants into 240×156 (libjpeg's 1/8 shrink, then fine grass) 26.5 dB.
                #expect(psnr >= 26, "\(name) at \(width)×\(height): \(psnr) dB against libvips")
                figures.append(psnr)
            }
        }
        let mean = figures.reduce(0, +) / Double(figures.count)
        #expect(mean >= 40, "mean \(mean) dB over \(figures.count) thumbnails")
    }

    @Test func theProcessorUsesItForAFilledBoxAndReportsTheSizeWithoutLibvips() throws {
        let data = try JPEGFixtures.photo("coffee.jpg")
        let info = try processor.info(of: data)
        #expect((info.width, info.height, info.format, info.orientation) == (600, 400, .jpeg, 1))
        let thumbnail = try processor.thumbnail(data, width: 240, height: 156, mode: .fill)
        #expect(thumbnail == DirectJPEG.filledThumbnail(data, width: 240, height: 156, limits: ImageLimits()))
    }

    @Test func anEXIFTurnIsDoneHereAndComesOutUpright() throws {
        let quadrants = TestImages.quadrants(width: 64, height: 48)
        let turned = try TestImages.jpeg(quadrants, orientation: 3)  // stored upside down
        #expect(DirectJPEG.header(of: turned, limits: ImageLimits()) == DirectJPEG.Header(width: 64, height: 48, orientation: 3))
        let thumbnail = try #require(DirectJPEG.filledThumbnail(turned, width: 32, height: 24, limits: ImageLimits()))
        let colours = TestImages.quadrantColours(of: thumbnail)
        #expect(TestImages.close(colours[0], TestImages.white) && TestImages.close(colours[3], TestImages.red), "\(colours)")
    }

    @Test func aCMYKJPEGIsLeftToLibvips() throws {
        let cmyk = try JPEGFixtures.data("good/cmyk-128x96.jpg")
        #expect(DirectJPEG.header(of: cmyk, limits: ImageLimits()) == nil)
        #expect(DirectJPEG.filledThumbnail(cmyk, width: 64, height: 48, limits: ImageLimits()) == nil)
        let thumbnail = try processor.thumbnail(cmyk, width: 64, height: 48, mode: .fill)
        #expect((thumbnail.width, thumbnail.height) == (64, 48))
    }

    @Test func aBoxLargerThanThePictureIsLeftToLibvips() throws {
        let data = try JPEGFixtures.photo("coffee.jpg")  // 600×400
        #expect(DirectJPEG.filledThumbnail(data, width: 601, height: 100, limits: ImageLimits()) == nil)
        #expect(DirectJPEG.filledThumbnail(data, width: 600, height: 400, limits: ImageLimits()) != nil)
    }

    @Test func aDamagedOrOversizedJPEGIsLeftToLibvips() throws {
        let data = try JPEGFixtures.photo("coffee.jpg")
        let truncated = data.prefix(data.count / 2)
        #expect(DirectJPEG.filledThumbnail(Data(truncated), width: 60, height: 40, limits: ImageLimits()) == nil)
        var scrambled = data
        for i in stride(from: 600, to: scrambled.count - 2, by: 97) { scrambled[i] ^= 0x5A }
        #expect(DirectJPEG.filledThumbnail(scrambled, width: 60, height: 40, limits: ImageLimits()) == nil)
        // over the declared limit; within it, but over the decoding limit at the shrink the box allows
        #expect(DirectJPEG.header(of: data, limits: ImageLimits(maxPixels: 600 * 400 - 1, maxDeclaredPixels: 600 * 400 - 1)) == nil)
        let decodingLimit = ImageLimits(maxPixels: 300 * 200 - 1, maxDeclaredPixels: 1_000_000)
        #expect(DirectJPEG.filledThumbnail(data, width: 300, height: 200, limits: decodingLimit) == nil)  // at 1/2: 300×200
        #expect(DirectJPEG.filledThumbnail(data, width: 150, height: 100, limits: decodingLimit) != nil)  // at 1/4
        #expect(DirectJPEG.header(of: Data([0xFF, 0xD8, 0xFF]), limits: ImageLimits()) == nil)
    }

    @Test func theDCTShrinkIsTheLargestThatStillCoversTheBox() {
        #expect(DirectJPEG.shrink(width: 600, height: 400, covering: 240, 156) == 2)  // 300×200 covers 240×160
        #expect(DirectJPEG.shrink(width: 5640, height: 3172, covering: 240, 156) == 8)  // 705×397
        #expect(DirectJPEG.shrink(width: 600, height: 400, covering: 301, 100) == 1)  // 300 wide is too narrow
        #expect(DirectJPEG.shrink(width: 601, height: 401, covering: 75, 50) == 8)  // ⌈601/8⌉ = 76
    }
}
