// HEIFTIFFThumbnailTests: HEIC and AVIF pictures made smaller by libheif alone and TIFFs by libtiff alone
// (HEIFTIFFThumbnail) draw what libvips' thumbnail of the same file draws — size, colours (ICC profiles, 10-bit,
// grey, JPEG YCbCr), orientation; a pyramid TIFF is read from its smallest level that covers the box, a large one
// in bands of rows on threads to the same pixels; what this path does not take is left to libvips; the tile and
// pixel bounds hold before anything is decoded.
// The TIFF fixtures of good/ were made with vips 8.14: `vips copy phone-orientation-6-adobe-rgb.jpg
// orientation-6-adobe-rgb-128x96.tif[compression=deflate]`, `vips colourspace coffee-160x120.png
// coffee-160x120-grey.tif[compression=lzw] b-w`, and from a 512×384 crop of assets/photos/elephants-large.jpg
// `vips tiffsave … --tile --tile-width 64 --tile-height 64 --pyramid --subifd --compression jpeg --Q 80` (its
// 256×192 thumbnail with 32×32 tiles and no `--subifd` for the pyramid of pages); elephants-1024x640-jpeg-strips.tif
// with `vips thumbnail elephants-large.jpg F.v 1024 --height 640 --crop centre`, then
// `vips tiffsave F.v … --compression jpeg --Q 50` (strips of 128 rows), elephants-1024x640-jpeg-tiles.tif with
// `… --compression jpeg --Q 30 --tile --tile-width 128 --tile-height 128`.
import CDirectDecoders
import Foundation
@testable import Imaging
import Testing

@Suite struct HEIFTIFFThumbnailTests {
    static func libvips(_ data: Data, width: Int, height: Int, mode: ThumbnailMode) throws -> Bitmap {
        try VipsErrorGate.shared.run { () throws(ImagingError) in try ImageProcessor().shrunk(data, width: width, height: height, mode: mode) }
    }

    @Test(arguments: [
        ("coffee-160x120.heic", ThumbnailMode.fill, 64, 40), ("coffee-160x120.heic", .fit, 100, 100),
        ("coffee-160x120-10bit.heic", .fill, 48, 48), ("grid-2x2-128x128.heic", .fill, 40, 40),
        ("coffee-160x120.avif", .fill, 80, 32), ("coffee-160x120.avif", .fit, 50, 90),
        ("coffee-160x120.tif", .fill, 64, 40), ("coffee-160x120.tif", .fit, 120, 30), ("coffee-160x120-grey.tif", .fill, 50, 50),
        ("orientation-6-adobe-rgb-128x96.tif", .fill, 40, 64), ("orientation-6-adobe-rgb-128x96.tif", .fit, 60, 60),
        ("pyramid-subifd-512x384-jpeg.tif", .fill, 120, 80), ("pyramid-pages-256x192-jpeg.tif", .fill, 30, 30),
        ("tiles-256-of-16x16.tif", .fill, 100, 60), ("elephants-1024x640-jpeg-strips.tif", .fit, 240, 150),
        ("elephants-1024x640-jpeg-strips.tif", .fill, 170, 170),
    ])
    func givenAPictureWhenMadeSmallerThenItsOwnLibraryDrawsWhatLibvipsDraws(name: String, mode: ThumbnailMode, width: Int, height: Int) throws {
        // Given a HEIC, AVIF or TIFF, when it is thumbnailed
        let data = try JPEGFixtures.data("good/\(name)")
        let own = try #require(try HEIFTIFFThumbnail.thumbnail(data, width: width, height: height, mode: mode, limits: ImageLimits()))
        // Then it has libvips' size and pixels
        let reference = try Self.libvips(data, width: width, height: height, mode: mode)
        #expect((own.width, own.height) == (reference.width, reference.height), "\(name) \(mode) \(width)×\(height)")
        let psnr = own.psnr(against: reference)
        #expect(psnr >= 30, "\(name) \(mode) \(width)×\(height): \(psnr) dB against libvips")
        // And the processor takes this path
        #expect(try ImageProcessor().thumbnail(data, width: width, height: height, mode: mode) == own)
    }

    @Test(arguments: ["coffee-160x120.heic", "coffee-160x120.avif", "grid-2x2-128x128.heic", "coffee-160x120.tif",
                      "orientation-6-adobe-rgb-128x96.tif", "pyramid-pages-256x192-jpeg.tif", "coffee-160x120-grey.tif"])
    func theHeaderSaysWhatLibvipsSays(name: String) throws {
        let data = try JPEGFixtures.data("good/\(name)")
        let own = try #require(try HEIFTIFFThumbnail.info(of: data, limits: ImageLimits()))
        let reference = try VipsErrorGate.shared.run { () throws(ImagingError) in try ImageProcessor().header(of: data) }
        #expect(own == reference)
        #expect(try ImageProcessor().info(of: data) == own)
    }

    /// The C decoder's pixels and answer for the TIFF `name`, a need of `width × height` stored pixels and `threads`.
    private func decodedTIFF(_ name: String, need width: Int32, _ height: Int32, threads: Int32 = 1) throws -> (pixels: [UInt8], picture: snapterm_direct_picture) {
        let data = try JPEGFixtures.data("good/\(name)")
        var rgb: UnsafeMutablePointer<UInt8>?
        var picture = snapterm_direct_picture()
        let result = data.withUnsafeBytes { raw in
            snapterm_tiff_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, width, height, 50_000_000, threads, &rgb, &picture)
        }
        defer {
            free(rgb)
            free(picture.icc)
        }
        #expect(result == Int32(SNAPTERM_DIRECT_OK.rawValue))
        return (rgb.map { Array(UnsafeBufferPointer(start: $0, count: Int(picture.width) * Int(picture.height) * 3)) } ?? [], picture)
    }

    @Test func aPyramidTIFFIsReadFromItsSmallestLevelThatCoversTheBox() throws {
        // Given 512×384 with SubIFDs of 256×192, 128×96, 64×48…: a need of 60×45 reads the 64×48 level whole
        let small = try decodedTIFF("pyramid-subifd-512x384-jpeg.tif", need: 60, 45).picture
        #expect((small.width, small.height, small.shrink) == (64, 48, 1))
        // and 200×150 reads 256×192
        let larger = try decodedTIFF("pyramid-subifd-512x384-jpeg.tif", need: 200, 150).picture
        #expect((larger.width, larger.height) == (256, 192))
        // a pyramid of pages: 256×192, 128×96, 64×48, 32×24
        let pages = try decodedTIFF("pyramid-pages-256x192-jpeg.tif", need: 30, 20).picture
        #expect((pages.width, pages.height, pages.shrink) == (32, 24, 1))
        // and a plain TIFF is averaged down by ⌊shrink / 2⌋ as it is read: 160×120 for 40×30 → 2
        let plain = try decodedTIFF("coffee-160x120.tif", need: 40, 30).picture
        #expect((plain.width, plain.height, plain.shrink) == (80, 60, 2))
    }

    @Test(arguments: [("strips", Int32(240), Int32(150), 2), ("strips", 170, 106, 3), ("strips", 512, 320, 1),
                      ("tiles", 240, 150, 2), ("tiles", 170, 106, 3)])
    func aLargeTIFFReadInBandsOnThreadsGivesThePixelsOfOneThread(layout: String, width: Int32, height: Int32, shrink: Int) throws {
        // Given a 1024×640 TIFF of 128-row JPEG strips or 128×128 tiles (655,360 pixels: two bands), averaged down by
        // 2 (the second band starts at a strip or a row of tiles), 3 (inside one) or 1
        let name = "elephants-1024x640-jpeg-\(layout).tif"
        let one = try decodedTIFF(name, need: width, height, threads: 1)
        #expect(Int(one.picture.shrink) == shrink)
        // When it is read on two, three and four threads, then the pixels are the same
        for threads: Int32 in 2...4 {
            let banded = try decodedTIFF(name, need: width, height, threads: threads)
            #expect((banded.picture.width, banded.picture.height) == (one.picture.width, one.picture.height))
            #expect(banded.pixels == one.pixels, "\(name), need \(width)×\(height), \(threads) threads")
        }
    }

    @Test func aHEIFThumbnailIsDecodedOnlyWhenAllowedAndCoveringTheNeed() throws {
        // Given a 640×480 HEIC with a 320×234 thumbnail item
        let data = try JPEGFixtures.data("bad/thumbnail-near-aspect.heic")
        func decoded(allow: Bool, need: Int32) -> snapterm_direct_picture {
            var rgb: UnsafeMutablePointer<UInt8>?
            var picture = snapterm_direct_picture()
            _ = data.withUnsafeBytes { raw in
                snapterm_heif_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, allow ? 1 : 0, need, need * 3 / 4, 50_000_000, &rgb, &picture)
            }
            free(rgb)
            free(picture.icc)
            return picture
        }
        #expect(decoded(allow: true, need: 100).used_thumbnail == 1)
        #expect(decoded(allow: false, need: 100).used_thumbnail == 0)  // (HEIFItems distrusts this one's shape)
        #expect(decoded(allow: true, need: 400).used_thumbnail == 0)  // too small for the box
    }

    @Test func whatThisPathDoesNotTakeIsLeftToLibvips() throws {
        let limits = ImageLimits()
        // a box that would enlarge the picture
        let small = try JPEGFixtures.data("good/quadrants-64x48.heic")
        #expect(try HEIFTIFFThumbnail.thumbnail(small, width: 128, height: 96, mode: .fit, limits: limits) == nil)
        // a file the library fails on, and another format
        for name in ["bad/truncated-half.tif", "bad/truncated-header.tif", "bad/ifd-loop.tif", "good/plain-128x96.jpg"] {
            #expect(try HEIFTIFFThumbnail.thumbnail(try JPEGFixtures.data(name), width: 16, height: 16, mode: .fill, limits: limits) == nil, "\(name)")
        }
        // (a HEIF whose boxes are cut short is damaged before libheif sees it, as on the libvips path)
        let cut = try JPEGFixtures.data("bad/truncated-half.heic")
        #expect {
            try HEIFTIFFThumbnail.thumbnail(cut, width: 16, height: 16, mode: .fill, limits: limits)
        } throws: { error in
            if case .corrupt(.heif, _) = error as? ImagingError { true } else { false }
        }
    }

    @Test(arguments: ["grid-10000-tiles.heic", "grid-10000-tiles.avif", "grid-of-grids-10000-tiles.heic", "tiles-191844.tif",
                      "pyramid-page-of-47961-tiles.tif", "bomb-7000x7500.heic", "bomb-7000x7500.avif", "claims-100000x100000.tif"])
    func aCraftedFileIsRefusedBeforeDecodingWithinASecond(name: String) throws {
        // Given a file of 10,000 tiles, of 191,844, or declaring too many pixels, when it is thumbnailed or its header read
        let data = try JPEGFixtures.data("bad/\(name)")
        let clock = ContinuousClock(), start = clock.now
        let attempts: [Result<Int, ImagingError>] = [
            Result { () throws(ImagingError) in try HEIFTIFFThumbnail.thumbnail(data, width: 240, height: 160, mode: .fill, limits: ImageLimits())?.width ?? 0 },
            Result { () throws(ImagingError) in try HEIFTIFFThumbnail.info(of: data, limits: ImageLimits())?.width ?? 0 },
        ]
        // Then both end in the bound's typed error, at once
        for attempt in attempts {
            switch attempt {
            case .failure(.tooManyTiles): #expect(name.contains("tiles"), "\(name)")
            case .failure(.tooManyPixels): #expect(!name.contains("tiles"), "\(name)")
            default: Issue.record("\(name): \(attempt)")
            }
        }
        #expect(clock.now - start < .seconds(2), "\(name): \(clock.now - start)")
    }
}
