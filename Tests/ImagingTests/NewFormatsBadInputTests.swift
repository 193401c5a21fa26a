// NewFormatsBadInputTests: the HEIC, AVIF, JPEG XL, TIFF and BMP files of the bad-input corpus end in the
// typed error naming their true cause — a bomb refused from its header, a video brand refused before
// libvips, a cut-short file damaged — on every entry point. (BadFileCorpusTests bounds their memory.)
import Foundation
import Imaging
import Testing

@Suite struct NewFormatsBadInputTests {
    static let bad = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/imaging/bad").standardized

    /// The errors an input may end in (a `nil` kind: a picture is fine too).
    enum Kind: String, Sendable { case tooManyPixels, tooManyTiles, unsupportedFormat, unsupportedVariant, corrupt, notAPicture }

    private func kind(of error: ImagingError) -> Kind? {
        switch error {
        case .tooManyPixels: .tooManyPixels
        case .tooManyTiles: .tooManyTiles
        case .unsupportedFormat: .unsupportedFormat
        case .unsupportedVariant: .unsupportedVariant
        case .corrupt: .corrupt
        default: nil
        }
    }

    @Test(arguments: [
        ("bomb-7000x7500.heic", Kind.tooManyPixels), ("claims-100000x100000.tif", .tooManyPixels),
        ("claims-100000x100000.bmp", .tooManyPixels),
        // libheif refuses more than 16384×16384 itself, before Imaging's own check could
        ("claims-100000x100000.heic", .notAPicture), ("claims-100000x100000.avif", .notAPicture),
        ("claims-100000x100000.jxl", .notAPicture), ("truncated-half.jxl", .notAPicture),
        ("bomb-7000x7500.avif", .tooManyPixels), ("video-brand.heic", .unsupportedFormat), ("truncated-header.bmp", .corrupt),
        ("rle8.bmp", .unsupportedVariant),
        ("truncated-half.heic", .corrupt), ("truncated-header.heic", .corrupt), ("truncated-half.avif", .corrupt),
        ("truncated-header.avif", .corrupt), ("truncated-header.tif", .corrupt), ("truncated-half.bmp", .corrupt),
        ("zero-width.bmp", .corrupt), ("7-bits-per-pixel.bmp", .corrupt),
        ("grid-10000-tiles.heic", .tooManyTiles), ("grid-10000-tiles-bad-size.heic", .tooManyTiles),
        ("tiles-191844.tif", .tooManyTiles), ("grid-10000-tiles.avif", .tooManyTiles),
    ])
    func eachBadFileEndsInItsTypedError(name: String, expected: Kind) throws {
        // Given a bad file
        let bytes = try Data(contentsOf: Self.bad.appendingPathComponent(name))
        let processor = ImageProcessor()
        // When every entry point reads it
        let attempts: [Result<Int, ImagingError>] = [
            Result { () throws(ImagingError) in try processor.info(of: bytes).width },
            Result { () throws(ImagingError) in try processor.decode(bytes).width },
            Result { () throws(ImagingError) in try processor.thumbnail(bytes, width: 64, height: 64, mode: .fill).width },
            Result { () throws(ImagingError) in try processor.render(bytes, width: 64, height: nil).width },
        ]
        // Then each ends in the expected error (a header-only refusal already at `info`)
        for attempt in attempts {
            guard case .failure(let error) = attempt else { Issue.record("\(name): decoded"); continue }
            #expect(expected == .notAPicture || kind(of: error) == expected, "\(name): \(error)")
            #expect(!error.description.isEmpty)
        }
    }

    @Test(arguments: [("bomb-7000x7500.heic", ImageFormat.heif), ("bomb-7000x7500.avif", .avif)])
    func aHEIFBombIsRefusedFromItsHeaderAlone(name: String, format: ImageFormat) throws {
        // Given 52.5 megapixels of HEVC or AV1 in 13 KB or less
        let bomb = try Data(contentsOf: Self.bad.appendingPathComponent(name))
        #expect(bomb.count < 20_000)
        // Then it is refused by the pixel limit, and read when the limit allows it
        #expect(throws: ImagingError.tooManyPixels(width: 7_000, height: 7_500, limit: 50_000_000)) { try ImageProcessor().decode(bomb) }
        let generous = ImageProcessor(limits: ImageLimits(maxPixels: 60_000_000))
        #expect(try generous.info(of: bomb) == ImageInfo(width: 7_000, height: 7_500, format: format))
    }

    @Test func aBMPPaletteIndexPastTheEndIsBlack() throws {
        let bytes = try Data(contentsOf: Self.bad.appendingPathComponent("palette-index-past-end.bmp"))
        #expect(try ImageProcessor().decode(bytes)[5, 5] == RGBA(red: 0, green: 0, blue: 0))
    }
}
