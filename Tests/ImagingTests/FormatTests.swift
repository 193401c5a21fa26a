// FormatTests: what each format gives — header facts, GIF frames, WebP, greyscale, encode round trips.
import Foundation
import Imaging
import Testing

@Suite struct FormatTests {
    private let processor = ImageProcessor()
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func file(_ path: String) throws -> Data {
        try Data(contentsOf: Self.root.appendingPathComponent(path))
    }

    @Test func animatedGIFGivesItsFirstFrameAndFrameCount() throws {
        let gif = try file("assets/photos/animated-samples.gif")
        let info = try processor.info(of: gif)
        #expect(info.format == .gif && info.frameCount > 1)
        let frame = try processor.decode(gif)
        #expect(frame.width == info.width && frame.height == info.height, "one frame, not the strip of all frames")
    }

    @Test func webPDecodes() throws {
        let webp = try file("Tests/Fixtures/imaging/good/quadrants-32x24.webp")
        #expect(try processor.info(of: webp) == ImageInfo(width: 32, height: 24, format: .webp))
        #expect(TestImages.quadrantColours(of: try processor.decode(webp)) == [TestImages.red, TestImages.green, TestImages.blue, TestImages.white])
    }

    @Test func greyscaleJPEGDecodesToEqualChannels() throws {
        let decoded = try processor.thumbnail(file("assets/photos/camera-greyscale.jpg"), width: 64, height: 64, mode: .fit)
        #expect(decoded.pixels.indices.filter { $0 % 4 == 0 }.allSatisfy {
            decoded.pixels[$0] == decoded.pixels[$0 + 1] && decoded.pixels[$0] == decoded.pixels[$0 + 2]
        })
    }

    @Test func sixteenBitGreyIsScaledNotClipped() throws {
        // Given a 2×1 16-bit grey PNG: 0xFFFF and 0x8080
        let png = PNGWriter.png(width: 2, height: 1, bitDepth: 16, colourType: 0, idat: PNGWriter.zlibStored([0, 0xFF, 0xFF, 0x80, 0x80]))
        let decoded = try processor.decode(Data(png))
        #expect(decoded[0, 0] == RGBA(red: 255, green: 255, blue: 255))
        #expect(decoded[1, 0] == RGBA(red: 128, green: 128, blue: 128))
    }

    @Test func greyWithAlphaKeepsItsAlpha() throws {
        // Given a 2×1 grey + alpha PNG: (200, opaque) and (50, 25% alpha)
        let png = PNGWriter.png(width: 2, height: 1, bitDepth: 8, colourType: 4, idat: PNGWriter.zlibStored([0, 200, 255, 50, 64]))
        #expect(try processor.info(of: Data(png)).hasAlpha)
        let decoded = try processor.decode(Data(png))
        #expect(decoded[0, 0] == RGBA(red: 200, green: 200, blue: 200))
        #expect(decoded[1, 0] == RGBA(red: 50, green: 50, blue: 50, alpha: 64))
    }

    @Test func pngRoundTripIsExactWithAlpha() throws {
        var bitmap = TestImages.quadrants(width: 10, height: 6)
        bitmap[3, 3] = RGBA(red: 1, green: 2, blue: 3, alpha: 4)
        let png = try processor.encode(bitmap, as: .png)
        #expect(try processor.info(of: png) == ImageInfo(width: 10, height: 6, format: .png, hasAlpha: true))
        #expect(try processor.decode(png) == bitmap)
    }

    @Test func jpegFlattensTransparencyOntoWhite() throws {
        let clear = Bitmap(width: 16, height: 16, filledWith: RGBA(red: 0, green: 0, blue: 0, alpha: 0))
        let jpeg = try processor.encode(clear, as: .jpeg(quality: 90))
        #expect(try processor.info(of: jpeg).format == .jpeg)
        #expect(TestImages.close(try processor.decode(jpeg)[8, 8], TestImages.white, tolerance: 2))
        #expect(throws: ImagingError.self) { try processor.encode(clear, as: .jpeg(quality: 0)) }
    }
}
