// AssetRenderTests: an `asset://` URL gives the photo at the asked size with its edits, JPEG or PNG.
import AssetLibrary
import Foundation
import Imaging
import SchemeLoader
import TestSupport
import Testing

@Suite struct AssetRenderTests {
    private let processor = ImageProcessor()

    @Test func anEditedPhotoComesAtItsSizeAsJPEG() async throws {
        let loader = try AssetFixtures.loader()
        let result = try await loader.data(for: AssetFixtures.url("asset://?id=\(AssetFixtures.coffee)&width=120&height=80&filter=mono&crop=0,0,1,1"))
        #expect(result.response.mimeType == "image/jpeg")
        #expect(result.response.storagePolicy == .allowed)
        let picture = try processor.decode(result.data)
        #expect(picture.width == 120 && picture.height == 80)
        let centre = picture[60, 40]
        #expect(abs(Int(centre.red) - Int(centre.green)) <= 3 && abs(Int(centre.green) - Int(centre.blue)) <= 3)
    }

    @Test func rotationAndFillGiveTheBoxAsked() async throws {
        let loader = try AssetFixtures.loader()
        let result = try await loader.data(for: AssetFixtures.url(
            "asset://?id=\(AssetFixtures.coffee)&width=50&height=90&mode=fill&rotate=90&crop=0.1,0.1,0.8,0.8"))
        let picture = try processor.decode(result.data)
        #expect(picture.width == 50 && picture.height == 90)
    }

    @Test func anEXIFRotatedPhotoIsServedUpright() async throws {
        let loader = try AssetFixtures.loader()
        let result = try await loader.data(for: AssetFixtures.url("asset://?id=\(AssetFixtures.chelsea)&width=90"))
        let info = try processor.info(of: result.data)
        #expect(info.width == 90 && info.height == 60 && info.orientation == 1)
    }

    @Test func aUserPhotoWithTransparencyComesAsPNG() async throws {
        // Given a user folder with a half-transparent PNG
        let folder = try TemporaryDirectory()
        var bitmap = Bitmap(width: 40, height: 20, filledWith: RGBA(red: 200, green: 10, blue: 10, alpha: 255))
        for x in 0..<20 { for y in 0..<20 { bitmap[x, y] = RGBA(red: 0, green: 0, blue: 0, alpha: 0) } }
        try processor.encode(bitmap, as: .png).write(to: folder.appending("sticker.png"))
        let id = AssetLibrary.userAssetID(relativePath: "sticker.png")
        // When it is loaded through the asset scheme, inverted
        let loader = try AssetFixtures.loader(userFolder: folder.url)
        let result = try await loader.data(for: AssetFixtures.url("asset://?id=\(id)&width=20&filter=invert"))
        // Then it is a PNG that kept its transparency
        #expect(result.response.mimeType == "image/png")
        let picture = try processor.decode(result.data)
        #expect(picture.width == 20 && picture.height == 10)
        #expect(picture[2, 5].alpha == 0)
        #expect(picture[17, 5] == RGBA(red: 55, green: 245, blue: 245))
    }

    @Test func aDamagedUserPhotoIsATypedError() async throws {
        let folder = try TemporaryDirectory()
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]).write(to: folder.appending("broken.jpg"))
        let loader = try AssetFixtures.loader(userFolder: folder.url)
        let id = AssetLibrary.userAssetID(relativePath: "broken.jpg")
        await #expect {
            try await loader.data(for: AssetFixtures.url("asset://?id=\(id)&width=20"))
        } throws: { error in
            guard case .imaging(let failed, _) = error as? AssetLibraryError else { return false }
            return failed == id
        }
    }
}
