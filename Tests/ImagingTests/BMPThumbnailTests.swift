// BMPThumbnailTests: an opaque BMP is made smaller by Imaging alone (BMPThumbnail) — at every depth, in bands of
// rows on threads when large — and what it draws is what libvips' thumbnail of the same BMP draws; a BMP with
// alpha, or one the box would enlarge, stays libvips'.
import Foundation
@testable import Imaging
import TestSupport
import Testing

@Suite struct BMPThumbnailTests {
    /// A 24-bit bottom-up BMP of `width × height`: smooth gradients with a sharp diagonal edge and fine stripes,
    /// so both the filter and the geometry show in the comparison.
    static func bmp(width: Int, height: Int) -> Data {
        let rowBytes = (width * 3 + 3) / 4 * 4
        var data = Data()
        func le32(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        func le16(_ value: Int) { withUnsafeBytes(of: UInt16(value).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("BM".utf8))
        le32(54 + rowBytes * height); le32(0); le32(54)
        le32(40); le32(width); le32(height); le16(1); le16(24); le32(0); le32(rowBytes * height); le32(2835); le32(2835); le32(0); le32(0)
        for y in (0..<height).reversed() {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<width {
                let edge = x * height > y * width
                let stripe = (x / 3) % 2 == 0
                row[x * 3] = UInt8(255 * x / max(1, width - 1))  // blue
                row[x * 3 + 1] = UInt8(255 * y / max(1, height - 1))  // green
                row[x * 3 + 2] = edge ? (stripe ? 230 : 40) : 128  // red
            }
            data.append(contentsOf: row)
        }
        return data
    }

    static func libvips(_ data: Data, width: Int, height: Int, mode: ThumbnailMode) throws -> Bitmap {
        try VipsErrorGate.shared.run { () throws(ImagingError) in try ImageProcessor().shrunk(data, width: width, height: height, mode: mode) }
    }

    @Test(arguments: [(ThumbnailMode.fit, 120, 120), (.fit, 200, 90), (.fill, 100, 100), (.fill, 160, 40)])
    func givenAnOpaqueBMPWhenMadeSmallerThenImagingDrawsWhatLibvipsDraws(mode: ThumbnailMode, width: Int, height: Int) throws {
        // Given a 400×300 BMP, when it is thumbnailed
        let data = Self.bmp(width: 400, height: 300)
        let own = try #require(try BMPThumbnail.thumbnail(data, width: width, height: height, mode: mode, limits: ImageLimits()))
        // Then it has libvips' size and pixels
        let reference = try Self.libvips(data, width: width, height: height, mode: mode)
        #expect((own.width, own.height) == (reference.width, reference.height), "\(mode) \(width)×\(height)")
        let psnr = own.psnr(against: reference)
        #expect(psnr >= 30, "\(mode) \(width)×\(height): \(psnr) dB against libvips")
        // And the processor takes this path
        #expect(try ImageProcessor().thumbnail(data, width: width, height: height, mode: mode) == own)
    }

    @Test(arguments: ["1bit", "4bit", "8bit", "16bit", "24bit", "24bit-top-down", "32bit"])
    func everyDepthIsMadeSmallerAsLibvipsMakesItsDecodedPixelsSmaller(depth: String) throws {
        // Given a 64×48 BMP of four coloured quadrants at each depth, when it is thumbnailed a row at a time
        let data = try JPEGFixtures.data("good/quadrants-64x48-\(depth).bmp")
        let own = try #require(try BMPThumbnail.thumbnail(data, width: 24, height: 18, mode: .fit, limits: ImageLimits()))
        // Then it draws what libvips draws from the whole decoded picture
        let reference = try Self.libvips(data, width: 24, height: 18, mode: .fit)
        #expect((own.width, own.height) == (reference.width, reference.height), "\(depth)")
        #expect(own.psnr(against: reference) >= 30, "\(depth): \(own.psnr(against: reference)) dB against libvips")
    }

    @Test(arguments: [(ThumbnailMode.fit, 80, 80), (.fill, 50, 80), (.fit, 400, 400)])
    func aLargeBMPReadInBandsOnThreadsDrawsWhatOneThreadDraws(mode: ThumbnailMode, width: Int, height: Int) throws {
        // Given an 800×700 BMP (560,000 pixels: two bands of rows), averaged down by 3, 2 and 1, when it is
        // thumbnailed on one thread and on four
        let data = Self.bmp(width: 800, height: 700)
        let one = try #require(try BMPThumbnail.thumbnail(data, width: width, height: height, mode: mode, limits: ImageLimits(), threads: 1))
        let four = try #require(try BMPThumbnail.thumbnail(data, width: width, height: height, mode: mode, limits: ImageLimits(), threads: 4))
        // Then the pixels are the same, and near libvips'
        #expect(four == one)
        let psnr = four.psnr(against: try Self.libvips(data, width: width, height: height, mode: mode))
        #expect(psnr >= 30, "\(mode) \(width)×\(height): \(psnr) dB against libvips")
    }

    @Test func aBMPWithAlphaOrOneTheBoxWouldEnlargeIsLeftToLibvips() throws {
        let alpha = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/quadrants-64x48-32bit-alpha.bmp"))
        #expect(try BMPThumbnail.thumbnail(alpha, width: 32, height: 24, mode: .fit, limits: ImageLimits()) == nil)
        let small = Self.bmp(width: 40, height: 30)
        #expect(try BMPThumbnail.thumbnail(small, width: 80, height: 60, mode: .fit, limits: ImageLimits()) == nil)
        #expect(try BMPThumbnail.thumbnail(Data("not a picture".utf8), width: 8, height: 8, mode: .fit, limits: ImageLimits()) == nil)
    }

    @Test func aDamagedBMPIsTheHeadersTypedError() {
        let cut = Self.bmp(width: 400, height: 300).prefix(40)
        #expect(throws: ImagingError.self) { try BMPThumbnail.thumbnail(Data(cut), width: 40, height: 30, mode: .fit, limits: ImageLimits()) }
    }
}
