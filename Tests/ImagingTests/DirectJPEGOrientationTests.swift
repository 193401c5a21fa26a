// DirectJPEGOrientationTests: a JPEG with any EXIF orientation (1–8) is turned upright on the libjpeg
// path (no libvips) and comes out as libvips' own thumbnail does — same size, same pixels within the
// resampling tolerance — and its header reports the upright size as libvips does.
import Foundation
@testable import Imaging
import TestSupport
import Testing

@Suite struct DirectJPEGOrientationTests {
    static let boxes = [(240, 156), (100, 100), (61, 83)]
    /// "The same pixels": the two paths resample differently (libjpeg's DCT shrink to the smallest scale
    /// that still covers the box and a float Lanczos-3, against libvips' shrink-on-load that leaves 2× for
    /// its fixed-point reduce), which costs 38–54 dB PSNR and a mean of 0.2–1.8 levels a channel on this
    /// photo at every orientation; a wrong turn or mirror gives 8–13 dB. Turning adds no difference itself:
    /// each orientation measures what orientation 1 (or 5) does to the decimal.
    static let psnr = 35.0
    static let meanLevels = 2.5

    @Test(arguments: 1...8)
    func givenAStoredOrientationWhenThumbnailedThenItMatchesLibvips(orientation: Int) throws {
        // Given coffee.jpg (600×400) stored with the orientation tag
        let data = try JPEGFixtures.stored(try JPEGFixtures.photo("coffee.jpg"), orientation: orientation)
        // When its header is read, then it is libvips' (the upright size, the orientation)
        let info = try ImageProcessor().info(of: data)
        #expect(info == (try JPEGFixtures.libvipsInfo(data)))
        #expect(info.orientation == orientation)
        #expect((info.width, info.height) == (orientation >= 5 ? (400, 600) : (600, 400)))
        for (width, height) in Self.boxes {
            // When it is thumbnailed on the libjpeg path, then the pixels are libvips' — turned alike
            let direct = try #require(DirectJPEG.filledThumbnail(data, width: width, height: height, limits: ImageLimits()))
            let reference = try JPEGFixtures.libvipsThumbnail(data, width: width, height: height)
            #expect((direct.width, direct.height) == (reference.width, reference.height))
            let psnr = direct.psnr(against: reference)
            let mean = JPEGFixtures.meanDifference(direct, reference)
            #expect(psnr >= Self.psnr && mean <= Self.meanLevels, "orientation \(orientation) at \(width)×\(height): \(psnr) dB, mean \(mean) levels")
        }
    }
}
