// libvips starts without its loadable modules (HEIF, JPEG XL, ImageMagick, Poppler, OpenSlide); Imaging
// opens the HEIF and JPEG XL ones on the first picture that needs one, and never the others. (That a
// JPEG or WebP alone opens none is checked in a fresh process: LazyLibrariesTests+VipsModules.)
import Foundation
import Imaging
import Testing

@Suite struct VipsModulesTests {
    @Test func onlyTheHEIFAndJPEGXLModulesEverOpen() throws {
        // Given a picture of every format decoded (or refused), and things no picture that libvips'
        // ImageMagick or Poppler loaders would take (a PDF, an SVG, a TGA-ish header)
        let good = FormatSniffingTests.good
        for name in ["quadrants-32x24.webp", "quadrants-64x48.heic", "quadrants-64x48.avif", "quadrants-64x48.jxl",
                     "quadrants-64x48.tif", "quadrants-64x48-8bit.bmp"] {
            _ = try? ImageProcessor().decode(try Data(contentsOf: good.appendingPathComponent(name)))
        }
        for text in ["%PDF-1.4\n", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "\0\0\u{2}\0\0\0\0\0\0\0\0\0\u{1}\0\u{1}\0\u{18}\0"] {
            #expect(throws: ImagingError.self) { try ImageProcessor().decode(Data(text.utf8)) }
        }
        // Then of libvips' module folder only vips-heif (and vips-jxl) are mapped into the process
        // (/proc files report size 0: read to the end rather than by size)
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        let modules = Set(maps.split(separator: "\n").filter { $0.contains("vips-modules") }.compactMap { $0.split(separator: "/").last })
        #expect(modules.contains("vips-heif.so"), "\(modules)")
        #expect(modules.isSubset(of: ["vips-heif.so", "vips-jxl.so"]), "\(modules)")
        #expect(maps.contains("libvips.so"))
    }
}
