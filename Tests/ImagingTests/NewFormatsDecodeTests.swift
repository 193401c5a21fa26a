// NewFormatsDecodeTests: HEIC, AVIF, TIFF and BMP decode to the right pixels — the quadrant picture's
// colours, and a photo the same as libvips' own loader gives and close to its lossless source —; JPEG XL
// decodes where libvips trusts its loader and is refused, naming why, where it does not (libvips 8.14).
import CVips
import Foundation
import Imaging
import Testing

@Suite struct NewFormatsDecodeTests {
    private let processor = ImageProcessor()

    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: FormatSniffingTests.good.appendingPathComponent(name))
    }

    @Test(arguments: [
        ("quadrants-64x48.heic", ImageFormat.heif), ("quadrants-64x48.avif", .avif), ("quadrants-64x48.tif", .tiff),
        ("quadrants-64x48-1bit.bmp", .bmp), ("quadrants-64x48-4bit.bmp", .bmp), ("quadrants-64x48-8bit.bmp", .bmp),
        ("quadrants-64x48-16bit.bmp", .bmp), ("quadrants-64x48-24bit.bmp", .bmp), ("quadrants-64x48-24bit-top-down.bmp", .bmp),
        ("quadrants-64x48-32bit.bmp", .bmp),
    ])
    func theQuadrantPictureDecodesToItsColours(name: String, format: ImageFormat) throws {
        // Given the 64×48 quadrant picture in one format
        let bytes = try fixture(name)
        // When its header is read and it is decoded, thumbnailed and rendered
        #expect(try processor.info(of: bytes) == ImageInfo(width: 64, height: 48, format: format))
        let decoded = try processor.decode(bytes)
        let thumbnail = try processor.thumbnail(bytes, width: 32, height: 24, mode: .fill)
        let rendered = try processor.render(bytes, width: 16, height: nil, edit: ImageEdit(rotation: .halfTurn))
        // Then each has the quadrants' colours where they belong (the 1-bit picture is black and white)
        let expected = name.contains("1bit") ? [RGBA(red: 0, green: 0, blue: 0), .init(red: 0, green: 0, blue: 0),
                                                 .init(red: 0, green: 0, blue: 0), TestImages.white]
            : [TestImages.red, TestImages.green, TestImages.blue, TestImages.white]
        for (bitmap, colours) in [(decoded, expected), (thumbnail, expected), (rendered, expected.reversed())] {
            let found = TestImages.quadrantColours(of: bitmap)
            #expect(zip(found, colours).allSatisfy { TestImages.close($0, $1, tolerance: 8) }, "\(name): \(found)")
        }
        #expect((thumbnail.width, thumbnail.height, rendered.width) == (32, 24, 16))
    }

    @Test func aBMPsAlphaChannelIsKept() throws {
        let bytes = try fixture("quadrants-64x48-32bit-alpha.bmp")
        #expect(try processor.info(of: bytes).hasAlpha)
        let decoded = try processor.decode(bytes)
        // Even columns are opaque, odd ones half transparent
        #expect(decoded[10, 10] == TestImages.red)
        #expect(decoded[11, 10] == RGBA(red: 255, green: 0, blue: 0, alpha: 128))
    }

    @Test(arguments: ["coffee-160x120.heic", "coffee-160x120.avif", "coffee-160x120.tif"])
    func aPhotoDecodesAsLibvipsOwnLoaderAndCloseToItsSource(name: String) throws {
        // Given a 160×120 photo in a lossy (or lossless) format and its lossless PNG source
        let bytes = try fixture(name)
        let source = try processor.decode(try fixture("coffee-160x120.png"))
        // When Imaging decodes it
        let decoded = try processor.decode(bytes)
        // Then every sample point equals what libvips' loader gives on its own
        let reference = try Self.decodedByLibvips(bytes)
        #expect((decoded.width, decoded.height) == (160, 120))
        for y in stride(from: 3, to: 120, by: 13) {
            for x in stride(from: 5, to: 160, by: 17) {
                #expect(TestImages.close(decoded[x, y], reference[x, y], tolerance: 1), "\(name) at \(x),\(y)")
            }
        }
        // And the picture is its source, up to the encoder's loss
        let difference = zip(decoded.pixels, source.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(difference) / Double(decoded.pixels.count) < 6, "\(name): mean difference \(difference / decoded.pixels.count)")
    }

    @Test func aTenBitHEICIsScaledToEightBitsNotClipped() throws {
        // Given a 10-bit HEIC (libvips reads it as 16-bit RGB) and its 8-bit source
        let decoded = try processor.decode(try fixture("coffee-160x120-10bit.heic"))
        let source = try processor.decode(try fixture("coffee-160x120.png"))
        // Then the 8-bit picture is the source's, not a clipped white or a darkened one
        let difference = zip(decoded.pixels, source.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }
        #expect(Double(difference) / Double(decoded.pixels.count) < 6, "mean difference \(difference / decoded.pixels.count)")
    }

    @Test func jpegXLDecodesOnlyWhereLibvipsTrustsItsLoader() throws {
        let bytes = try fixture("quadrants-64x48.jxl")
        do {
            let decoded = try processor.decode(bytes)
            #expect(zip(TestImages.quadrantColours(of: decoded), [TestImages.red, TestImages.green, TestImages.blue, TestImages.white])
                .allSatisfy { TestImages.close($0, $1, tolerance: 8) })
        } catch {
            // libvips 8.14 marks jxlload untrusted: refused, by name, before any decoding
            guard case .loaderUnavailable(.jxl, let reason) = error else { Issue.record("\(error)"); return }
            #expect(reason.contains("untrusted"))
            #expect("\(error)".hasPrefix("JPEG XL pictures cannot be read here"))
        }
    }

    /// `bytes` opened by libvips alone (the loader it picks, no Imaging step), as RGBA.
    static func decodedByLibvips(_ bytes: Data) throws -> Bitmap {
        try bytes.withUnsafeBytes { raw in
            guard let image = snap_vips_new_from_buffer(raw.baseAddress!, raw.count) else { throw TestImages.Failure("libvips could not open it") }
            defer { g_object_unref(image) }
            var rgba: UnsafeMutablePointer<VipsImage>?
            guard snap_vips_bandjoin_const1(image, &rgba, 255) == 0, let rgba else { throw TestImages.Failure("bandjoin failed") }
            defer { g_object_unref(rgba) }
            var size = 0
            guard let memory = vips_image_write_to_memory(rgba, &size) else { throw TestImages.Failure("decode failed") }
            defer { g_free(memory) }
            let pixels = [UInt8](UnsafeRawBufferPointer(start: memory, count: size))
            guard let bitmap = Bitmap(width: Int(rgba.pointee.Xsize), height: Int(rgba.pointee.Ysize), pixels: pixels) else {
                throw TestImages.Failure("not 8-bit RGB: \(size) bytes")
            }
            return bitmap
        }
    }
}
