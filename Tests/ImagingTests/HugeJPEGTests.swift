// A 100-megapixel JPEG (a panorama, a large camera's photo) makes a thumbnail: a baseline one is decoded at 1/8 a
// side, within the memory bound of the bad-image corpus (300 MB of growth). Decoded whole it is refused, as is a
// progressive one of that size (libjpeg keeps every coefficient of a multi-scan picture while it decodes) and one
// declaring more than 200 megapixels — each from its header.
import Foundation
import Imaging
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/vips"), "needs vips (libvips-tools)"))
struct HugeJPEGTests {
    /// The four quadrants (`TestImages.quadrants`) scaled up to `width × height` by the `vips` command,
    /// streamed to a JPEG (never whole in memory), `progressive` or baseline — off the cooperative pool.
    private static func quadrantsJPEG(width: Int, height: Int, progressive: Bool) async throws -> Data {
        try await OffPool.run { try madeByVips(width: width, height: height, progressive: progressive) }
    }

    private static func madeByVips(width: Int, height: Int, progressive: Bool) throws -> Data {
        let folder = try TemporaryDirectory()
        let small = folder.appending("small.png"), large = folder.appending("large.jpg")
        try ImageProcessor().encode(TestImages.quadrants(width: 2, height: 2), as: .png).write(to: small)
        let options = progressive ? "[Q=75,strip,interlace]" : "[Q=75,strip]"
        let made = try Spawn.run("/usr/bin/vips", ["resize", small.path, large.path + options, String(width / 2),
                                                   "--vscale", String(Double(height) / 2), "--kernel", "nearest"])
        try #require(made.status == 0, "vips: \(made.output)")
        return try Data(contentsOf: large)
    }

    @Test func aBaselineHundredMegapixelJPEGMakesAThumbnailWithinTheMemoryBound() async throws {
        // Given a baseline JPEG of 12,000 × 8,400 pixels (101 megapixels, twice the decoding limit)
        let jpeg = try await Self.quadrantsJPEG(width: 12_000, height: 8_400, progressive: false)
        let (filled, fitted, growth, width, wholeRefusal) = try await OffPool.run {
            TestImages.memoryBudget.lock()
            defer { TestImages.memoryBudget.unlock() }
            TestImages.resetPeakResident()
            let before = TestImages.residentMegabytes()
            let processor = ImageProcessor()
            // When it is thumbnailed: filled into a box (libjpeg alone) and fitted into one (libvips' thumbnail)
            let filled = try processor.thumbnail(jpeg, width: 240, height: 160, mode: .fill)
            let fitted = try processor.thumbnail(jpeg, width: 320, height: 320, mode: .fit)
            let growth = TestImages.peakResidentMegabytes() - before
            let whole = Result { () throws(ImagingError) in try processor.decode(jpeg).width }
            return (filled, fitted, growth, try processor.info(of: jpeg).width, whole)
        }
        // Then both are the picture, in its quadrants, at the size asked for
        #expect((filled.width, filled.height) == (240, 160))
        #expect((fitted.width, fitted.height) == (320, 224))
        for thumbnail in [filled, fitted] {
            let colours = TestImages.quadrantColours(of: thumbnail)
            for (colour, expected) in zip(colours, [TestImages.red, TestImages.green, TestImages.blue, TestImages.white]) {
                #expect(TestImages.close(colour, expected), "\(colour) is not \(expected)")
            }
        }
        // … and the process grew by less than the corpus allows a bomb (decoded whole, it would take 400 MB)
        #expect(growth < 300, "peak RSS grew by \(growth) MB")
        // … while its size is read, and it is refused whole, from the header
        #expect(width == 12_000)
        #expect(throws: ImagingError.tooManyPixels(width: 12_000, height: 8_400, limit: 50_000_000)) { try wholeRefusal.get() }
    }

    @Test func aProgressiveOneOfThatSizeAndABaselineOneOverTheDeclaredLimitAreRefusedFromTheirHeaders() async throws {
        // Given a progressive JPEG of 101 megapixels, and a baseline one of 11 under a lower declared limit
        let progressive = try await Self.quadrantsJPEG(width: 12_000, height: 8_400, progressive: true)
        let baseline = try await Self.quadrantsJPEG(width: 4_000, height: 2_800, progressive: false)
        let strict = ImageProcessor(limits: ImageLimits(maxPixels: 2_000_000, maxDeclaredPixels: 8_000_000))
        let generous = ImageProcessor(limits: ImageLimits(maxPixels: 2_000_000, maxDeclaredPixels: 12_000_000))
        // When they are thumbnailed
        let outcomes = try await OffPool.run {
            [Result { () throws(ImagingError) in try ImageProcessor().thumbnail(progressive, width: 240, height: 160, mode: .fill).width },
             Result { () throws(ImagingError) in try strict.thumbnail(baseline, width: 240, height: 160, mode: .fill).width },
             Result { () throws(ImagingError) in try strict.thumbnail(baseline, width: 240, height: 160, mode: .fit).width },
             Result { () throws(ImagingError) in try generous.thumbnail(baseline, width: 240, height: 160, mode: .fill).width }]
        }
        // Then the progressive one is refused for its declared size (decoding it would hold all of it) …
        #expect(throws: ImagingError.tooManyPixels(width: 12_000, height: 8_400, limit: 50_000_000)) { try outcomes[0].get() }
        // … the baseline one for the declared limit, though at 1/4 a side it fits the decoding limit, both ways
        #expect(throws: ImagingError.tooManyPixels(width: 4_000, height: 2_800, limit: 8_000_000)) { try outcomes[1].get() }
        #expect(throws: ImagingError.tooManyPixels(width: 4_000, height: 2_800, limit: 8_000_000)) { try outcomes[2].get() }
        // … and under a declared limit above its size it makes its thumbnail
        #expect(try outcomes[3].get() == 240)
    }
}
