// libvips starts without its loadable modules (HEIF, JPEG XL, ImageMagick, Poppler, OpenSlide):
// Imaging reads only built-in formats, and loading them costs ~20 ms and ~26 libraries per process.
import Foundation
import Imaging
import Testing

@Suite struct VipsModulesTests {
    @Test func decodingAPictureMapsNoVipsModule() throws {
        // Given a picture decoded (libvips started)
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/imaging/good/quadrants-32x24.webp")
        let bitmap = try ImageProcessor().decode(try Data(contentsOf: fixture))
        #expect(bitmap.width == 32)
        // Then no file of libvips' module folder is mapped into the process
        // /proc files report size 0: read to the end rather than by size.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        #expect(!maps.contains("vips-modules"), "a libvips module was loaded")
        #expect(maps.contains("libvips.so"))
    }
}
