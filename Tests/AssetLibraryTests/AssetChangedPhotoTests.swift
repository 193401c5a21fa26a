// A user's photo that is replaced shows the new photo: the asset's cache key carries the file's
// identity, so neither memory nor a restart's disk cache serves the old rendering.
import AssetLibrary
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct AssetChangedPhotoTests {
    @Test func aReplacedUserPhotoIsRenderedAgain() async throws {
        // Given a user photo rendered once, cached in memory and on disk
        let folder = try TemporaryDirectory()
        let disk = try TemporaryDirectory()
        let photo = folder.appending("mine.jpg")
        let shipped = AssetFixtures.shipped
        try FileManager.default.copyItem(at: shipped.appendingPathComponent("coffee.jpg"), to: photo)
        let id = AssetLibrary.userAssetID(relativePath: "mine.jpg")
        let url = AssetFixtures.url("asset://?id=\(id)&width=120&height=90")
        let first = try AssetFixtures.loader(disk: disk.url, userFolder: folder.url)
        let coffee = try await first.data(for: url)

        // When the file is replaced by another picture (rename over it, like an editor saving)
        let replacement = folder.appending(".mine.tmp")
        try FileManager.default.copyItem(at: shipped.appendingPathComponent("chelsea-exif-orientation-6.jpg"), to: replacement)
        #expect(rename(replacement.path, photo.path) == 0)

        // Then the same loader and a restarted one both render the new photo
        let clean = try AssetFixtures.loader(userFolder: folder.url)
        let expected = try await clean.data(for: url).data
        #expect(expected != coffee.data)
        #expect(try await first.data(for: url).data == expected)
        let restarted = try AssetFixtures.loader(disk: disk.url, userFolder: folder.url)
        let again = try await restarted.data(for: url)
        // (from disk: the same loader already stored the new rendering under the new key)
        #expect(again.data == expected)
    }
}
