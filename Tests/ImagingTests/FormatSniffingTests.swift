// FormatSniffingTests: a picture's format comes from its bytes — magic numbers, ISO BMFF brands —, never
// its name; anything else (video, PDF, SVG, text) is refused before libvips sees it.
import Foundation
import Imaging
import Testing

@Suite struct FormatSniffingTests {
    static let good = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/imaging/good").standardized

    @Test(arguments: [
        ("quadrants-64x48.heic", ImageFormat.heif), ("quadrants-64x48.avif", .avif), ("quadrants-64x48.jxl", .jxl),
        ("quadrants-64x48.tif", .tiff), ("quadrants-64x48-24bit.bmp", .bmp), ("quadrants-64x48-1bit.bmp", .bmp),
        ("quadrants-32x24.webp", .webp), ("coffee-160x120.png", .png),
    ])
    func everyFixtureIsKnownByItsContent(name: String, format: ImageFormat) throws {
        // Given the bytes of a fixture (its name is never consulted)
        let bytes = try Data(contentsOf: Self.good.appendingPathComponent(name))
        // Then its content names its format
        #expect(ImageFormat(sniffing: bytes) == format)
    }

    @Test func isoBrandsDecideBetweenHEICAVIFAndOtherISOFiles() {
        func ftyp(_ brands: [String]) -> Data {
            let body = brands.prefix(1).flatMap(\.utf8) + [0, 0, 0, 0] + brands.dropFirst().flatMap(\.utf8)
            return Data([0, 0, 0, UInt8(8 + body.count)] + Array("ftyp".utf8) + body + Array(repeating: 0, count: 16))
        }
        #expect(ImageFormat(sniffing: ftyp(["heic", "mif1", "heic"])) == .heif)
        #expect(ImageFormat(sniffing: ftyp(["mif1", "avif", "miaf"])) == .avif)
        #expect(ImageFormat(sniffing: ftyp(["mif1", "heic"])) == .heif)
        #expect(ImageFormat(sniffing: ftyp(["avis", "msf1"])) == .avif)
        // An MP4 or 3GP video is an ISO file too, but no picture
        #expect(ImageFormat(sniffing: ftyp(["isom", "iso2", "mp41"])) == nil)
        #expect(ImageFormat(sniffing: ftyp(["3gp4"])) == nil)
    }

    @Test(arguments: [
        "%PDF-1.7\n%âãÏÓ\n1 0 obj", "<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>",
        "MATLAB 5.0 MAT-file, Platform: GLNXA64", "SIMPLE  =                    T / FITS", "P6\n1 1\n255\n\0\0\0",
        "BM", "BMx\0\0\0\0\0\0\0\0\0\0\0\u{7}\0\0\0", "II*", "", "GIF87",
    ])
    func otherFilesAreNotPictures(text: String) {
        #expect(ImageFormat(sniffing: Data(text.utf8)) == nil)
    }

    @Test func aRefusedFileNamesEveryFormatRead() {
        // When something that is no picture is decoded
        #expect {
            _ = try ImageProcessor().decode(Data("%PDF-1.7\n".utf8))
        } throws: { error in
            // Then the message lists the real set of formats
            "\(error)" == "not a JPEG, PNG, GIF, WebP, HEIC, AVIF, JPEG XL, TIFF or BMP picture (starts with 25 50 44 46 2d 31 2e 37)"
        }
    }
}
