// HEIFThumbnailTests: a HEIC's embedded thumbnail is drawn for a small box only when its declared size has the
// picture's shape; a thumbnail of another shape (another picture: green in a red photo) is passed over and the
// box is shrunk from the primary picture.
import Foundation
@testable import Imaging
import Testing

@Suite struct HEIFThumbnailTests {
    private let red = RGBA(red: 255, green: 0, blue: 0)

    @Test(arguments: ["thumbnail-near-aspect.heic", "thumbnail-other-aspect.heic"])
    func givenAThumbnailOfAnotherShape_whenThumbnailedSmall_thenThePrimaryPictureIsDrawn(name: String) throws {
        // Given a red 640×480 HEIC whose thumbnail is green (320×234: within libvips' own tolerance; 320×80: not)
        let data = try JPEGFixtures.data("bad/\(name)")
        // When it is fitted into and filled into 64×64 boxes
        let fitted = try ImageProcessor().thumbnail(data, width: 64, height: 64, mode: .fit)
        let filled = try ImageProcessor().thumbnail(data, width: 64, height: 64, mode: .fill)
        // Then both show the red picture at its shape
        #expect(fitted.width == 64 && fitted.height == 48, "\(fitted.width)×\(fitted.height)")
        #expect(TestImages.close(fitted[32, 24], red, tolerance: 8), "\(fitted[32, 24])")
        #expect(TestImages.close(filled[32, 32], red, tolerance: 8), "\(filled[32, 32])")
    }

    @Test func givenTheFixture_whenParsed_thenItsThumbnailIsFoundAndDistrusted() throws {
        let data = try JPEGFixtures.data("bad/thumbnail-near-aspect.heic")
        let items = try #require(try data.withUnsafeBytes { raw throws(ImagingError) in try HEIFItems(raw, format: .heif) })
        #expect(items.primarySize == HEIFItems.Size(width: 640, height: 480))
        #expect(items.thumbnailSizes == [HEIFItems.Size(width: 320, height: 234)])
        #expect(!items.thumbnailsMatchPrimary)
    }

    @Test func givenCameraThumbnails_thenTheyAreTrusted() {
        func items(_ width: Int, _ height: Int, thumbnail: HEIFItems.Size?) -> HEIFItems {
            HEIFItems(primary: 1, primarySize: HEIFItems.Size(width: width, height: height), thumbnailSizes: [thumbnail])
        }
        // an iPhone's 320×240 for 4032×3024; an even-rounded 320×212 for 6000×4000; a panorama's 320×32
        #expect(items(4_032, 3_024, thumbnail: .init(width: 320, height: 240)).thumbnailsMatchPrimary)
        #expect(items(6_000, 4_000, thumbnail: .init(width: 320, height: 212)).thumbnailsMatchPrimary)
        #expect(items(10_000, 1_030, thumbnail: .init(width: 320, height: 32)).thumbnailsMatchPrimary)
        // another shape, larger than the picture, or no declared size: not trusted
        #expect(!items(4_032, 3_024, thumbnail: .init(width: 320, height: 320)).thumbnailsMatchPrimary)
        #expect(!items(160, 120, thumbnail: .init(width: 320, height: 240)).thumbnailsMatchPrimary)
        #expect(!items(4_032, 3_024, thumbnail: nil).thumbnailsMatchPrimary)
        #expect(HEIFItems(primary: 1, primarySize: nil).thumbnailsMatchPrimary)  // no thumbnail at all
    }
}
