// Renders far smaller than a large photo are made from its copy in memory (`PhotoReductions`): the photo's file is
// decoded once for every crop and box of it, the result is the size and picture a render from the file gives, and a
// render that needs more pixels, a small photo or a replaced file is decoded from the file.
import AssetLibrary
import Foundation
import Imaging
import SchemeLoader
import TestSupport
import Testing

@Suite struct AssetPhotoCopyTests {
    /// elephants-large.jpg, 5640×3172.
    static let elephants = "p-d720d49f"

    private static func loader(_ handler: AssetSchemeHandler) throws -> SchemeLoader {
        try SchemeLoader(handlers: [handler], configuration: SchemeLoaderConfiguration(diskDirectory: nil))
    }

    private static func decoded(_ data: Data) throws -> Bitmap {
        try ImageProcessor().decode(data)
    }

    @Test func cropsOfOneLargePhotoDecodeItsFileOnceAndMatchARenderFromTheFile() async throws {
        // Given the shipped library's 18 MP photo and a loader with the asset handler
        let library = try AssetLibrary(shippedFolder: AssetFixtures.shipped)
        let handler = AssetSchemeHandler(library: library)
        let loader = try Self.loader(handler)
        let file = try Data(contentsOf: library.fileURL(id: Self.elephants))

        // When four crops of it are rendered into a conversation row's box (192×96), and one turned and filtered
        let crops = [1.0, 0.998, 0.9, 0.75]
        var rendered: [Data] = []
        for crop in crops {
            let url = AssetFixtures.url("asset://?id=\(Self.elephants)&width=192&height=96&crop=0,0,\(crop),1")
            rendered.append(try await loader.data(for: url).data)
        }
        let turned = try await loader.data(for: AssetFixtures.url("asset://?id=\(Self.elephants)&width=96&height=192&rotate=90&filter=sepia")).data

        // Then the file was decoded for one copy, and each picture has the size and look of a render from the file
        // (28.5–30 dB: two resamplings of this detailed painting differ as much as libjpeg's and libvips' own
        // thumbnails of it do, 26.5 dB in BENCHMARKS.md)
        #expect(handler.photoCopiesMade == 1)
        let processor = ImageProcessor()
        for (crop, data) in zip(crops, rendered) {
            let edit = ImageEdit(crop: try CropRect(x: 0, y: 0, width: crop, height: 1))
            let reference = try processor.render(file, width: 192, height: 96, edit: edit)
            let picture = try Self.decoded(data)
            #expect(picture.width == reference.width && picture.height == reference.height)
            #expect(picture.psnr(against: reference) > 26, "crop \(crop)")
        }
        let reference = try processor.render(file, width: 96, height: 192, edit: ImageEdit(rotation: .clockwise90, filter: .sepia))
        let picture = try Self.decoded(turned)
        #expect(picture.width == reference.width && picture.height == reference.height)
        #expect(picture.psnr(against: reference) > 26)
    }

    @Test func aRenderNeedingMorePixelsThanTheCopyHoldsDecodesTheFile() async throws {
        // Given the 18 MP photo and the asset handler
        let handler = AssetSchemeHandler(library: try AssetLibrary(shippedFolder: AssetFixtures.shipped))
        let loader = try Self.loader(handler)

        // When it is rendered 1280 px wide (an attachment's size), and as a small crop of its middle
        let wide = try Self.decoded(try await loader.data(for: AssetFixtures.url("asset://?id=\(Self.elephants)&width=1280")).data)
        let zoomed = try Self.decoded(try await loader.data(
            for: AssetFixtures.url("asset://?id=\(Self.elephants)&width=192&height=96&crop=0.4,0.4,0.2,0.2")).data)

        // Then neither is made from a copy (it would be blurred), and each has its full size
        #expect(handler.photoCopiesMade == 0)
        #expect(wide.width == 1280)
        #expect(zoomed.height == 96)
    }

    @Test func aSmallPhotoIsDecodedFromItsFileEachTime() async throws {
        // Given coffee.jpg (600×400): decoding it costs little
        let handler = AssetSchemeHandler(library: try AssetLibrary(shippedFolder: AssetFixtures.shipped))
        let loader = try Self.loader(handler)

        // When two crops of it are rendered small
        for crop in [1.0, 0.9] {
            let picture = try Self.decoded(try await loader.data(
                for: AssetFixtures.url("asset://?id=\(AssetFixtures.coffee)&width=120&height=60&crop=0,0,\(crop),1")).data)
            #expect(picture.height == 60)
        }

        // Then no copy was made
        #expect(handler.photoCopiesMade == 0)
    }

    @Test func aReplacedPhotoGetsANewCopy() async throws {
        // Given a user photo (a copy of the 18 MP one) rendered small once
        let folder = try TemporaryDirectory()
        let photo = folder.appending("mine.jpg")
        try FileManager.default.copyItem(at: AssetFixtures.shipped.appendingPathComponent("elephants-large.jpg"), to: photo)
        let handler = AssetSchemeHandler(library: try AssetLibrary(shippedFolder: AssetFixtures.shipped, userFolder: folder.url))
        let loader = try Self.loader(handler)
        let id = AssetLibrary.userAssetID(relativePath: "mine.jpg")
        let url = AssetFixtures.url("asset://?id=\(id)&width=192&height=96")
        let before = try Self.decoded(try await loader.data(for: url).data)

        // When the file is replaced by another large photo (ladybird.jpg, 2560×1600) and rendered again
        let replacement = folder.appending(".mine.tmp")
        try FileManager.default.copyItem(at: AssetFixtures.shipped.appendingPathComponent("ladybird.jpg"), to: replacement)
        #expect(rename(replacement.path, photo.path) == 0)
        let after = try Self.decoded(try await loader.data(for: url).data)

        // Then the new photo is shown, from a copy of its own
        #expect(handler.photoCopiesMade == 2)
        #expect(before.width == 171 && after.width == 154)
    }
}
