// The photo picker's gallery (a user folder) lists HEIC, AVIF, JPEG XL, TIFF and BMP photos, and the
// `asset://` handler serves them, edited, as JPEG — read by content, so a HEIC saved as `.tif` works.
import AssetLibrary
import Foundation
import Imaging
import SchemeLoader
import TestSupport
import Testing

@Suite struct AssetEveryFormatTests {
    static let good = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good")

    @Test func aUserFolderOfEveryNewFormatIsListedAndServed() async throws {
        // Given a user folder with a quadrant picture in each new format (one HEIC named like a TIFF)
        let folder = try TemporaryDirectory()
        let files = ["a.heic": "quadrants-64x48.heic", "b.avif": "quadrants-64x48.avif", "c.jxl": "quadrants-64x48.jxl",
                     "d.tiff": "quadrants-64x48.tif", "e.bmp": "quadrants-64x48-24bit.bmp", "f.tif": "quadrants-64x48.heic"]
        for (name, fixture) in files {
            try FileManager.default.copyItem(at: Self.good.appendingPathComponent(fixture), to: folder.appending(name))
        }
        // When the library lists it
        let library = try AssetLibrary(shippedFolder: AssetFixtures.shipped, userFolder: folder.url)
        // Then every one is a photo
        #expect(library.assets.filter { $0.id.hasPrefix("u-") }.map(\.file).sorted() == files.keys.sorted())

        // And each is served turned half round, with the quadrants where they then belong (JPEG XL only
        // where libvips trusts its loader)
        let loader = try AssetFixtures.loader(userFolder: folder.url)
        for name in files.keys.sorted() {
            let id = AssetLibrary.userAssetID(relativePath: name)
            do {
                let result = try await loader.data(for: AssetFixtures.url("asset://?id=\(id)&width=32&rotate=180"))
                let picture = try ImageProcessor().decode(result.data)
                let corners = [picture[8, 6], picture[24, 6], picture[8, 18], picture[24, 18]]
                let expected = [RGBA(red: 255, green: 255, blue: 255), RGBA(red: 0, green: 0, blue: 255),
                                RGBA(red: 0, green: 255, blue: 0), RGBA(red: 255, green: 0, blue: 0)]
                #expect((picture.width, picture.height) == (32, 24), "\(name)")
                #expect(zip(corners, expected).allSatisfy { a, b in
                    [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)].allSatisfy { abs(Int($0) - Int($1)) <= 16 }
                }, "\(name): \(corners)")
            } catch {
                #expect(name == "c.jxl" && "\(error)".contains("untrusted"), "\(name): \(error)")
            }
        }
        await loader.shutdown()
    }
}
