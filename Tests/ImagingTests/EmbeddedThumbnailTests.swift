// EmbeddedThumbnail: the EXIF thumbnail a phone stores in its photos, found without decoding the photo, turned as
// the photo is turned; a damaged EXIF block means "no thumbnail", never a crash or a read out of bounds.
import Foundation
import Imaging
import TestSupport
import Testing

struct EmbeddedThumbnailTests {
    /// A red 64×48 JPEG whose EXIF block holds `orientation` and a green 16×12 thumbnail.
    static func photo(orientation: Int = 1, thumbnailOffsetShift: Int = 0, thumbnailLength: Int? = nil) throws -> Data {
        let processor = ImageProcessor()
        let main = try processor.encode(Bitmap(width: 64, height: 48, filledWith: RGBA(red: 220, green: 20, blue: 20)), as: .jpeg(quality: 90))
        let thumbnail = try processor.encode(Bitmap(width: 16, height: 12, filledWith: RGBA(red: 20, green: 200, blue: 40)), as: .jpeg(quality: 90))
        return EXIFThumbnailPhoto.make(main: main, thumbnail: thumbnail, orientation: orientation,
                                       offsetShift: thumbnailOffsetShift, declaredLength: thumbnailLength)
    }

    @Test func thePhotosThumbnailIsFoundAndDecodesToItsOwnColours() throws {
        let embedded = try #require(EmbeddedThumbnail.jpeg(in: try Self.photo()))
        let bitmap = try ImageProcessor().decode(embedded)
        #expect(bitmap.width == 16 && bitmap.height == 12)
        let pixel = bitmap[8, 6]
        #expect(pixel.green > 150 && pixel.red < 80, "the thumbnail's green, not the photo's red")
    }

    @Test(arguments: [6, 8]) func theThumbnailTurnsAsThePhotoTurns(orientation: Int) throws {
        let embedded = try #require(EmbeddedThumbnail.jpeg(in: try Self.photo(orientation: orientation)))
        let info = try ImageProcessor().info(of: embedded)
        #expect(info.orientation == orientation)
        let bitmap = try ImageProcessor().decode(embedded)
        #expect(bitmap.width == 12 && bitmap.height == 16, "upright: a quarter turn")
    }

    @Test func aPhotoWithoutAnEXIFThumbnailHasNone() throws {
        let plain = try ImageProcessor().encode(Bitmap(width: 8, height: 8, filledWith: RGBA(red: 1, green: 2, blue: 3)), as: .jpeg(quality: 80))
        #expect(EmbeddedThumbnail.jpeg(in: plain) == nil)
        #expect(EmbeddedThumbnail.jpeg(in: Data()) == nil)
        #expect(EmbeddedThumbnail.jpeg(in: Data("not a jpeg".utf8)) == nil)
    }

    @Test func aDamagedEXIFBlockMeansNoThumbnail() throws {
        let good = try Self.photo()
        // offsets and lengths pointing outside the block, a thumbnail that is not a JPEG, a cut-off block
        #expect(EmbeddedThumbnail.jpeg(in: try Self.photo(thumbnailOffsetShift: 100_000)) == nil)
        #expect(EmbeddedThumbnail.jpeg(in: try Self.photo(thumbnailLength: 1 << 30)) == nil)
        #expect(EmbeddedThumbnail.jpeg(in: try Self.photo(thumbnailOffsetShift: 2)) == nil)
        for cut in [3, 12, 30, 60, 90] { #expect(EmbeddedThumbnail.jpeg(in: good.prefix(cut)) == nil) }
        // and every single-byte corruption of the EXIF block is survived (a thumbnail or none, never a crash)
        for position in 4..<90 {
            var damaged = good
            damaged[position] ^= 0xA5
            _ = EmbeddedThumbnail.jpeg(in: damaged)
        }
    }
}
