// The photo library: shipped photos by opaque id, a user's folder with stable ids, no traversal.
import AssetLibrary
import Foundation
import TestSupport
import Testing

@Suite struct AssetLibraryTests {
    private let shipped = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos")

    @Test func theShippedGalleryHasItsPhotosAndCredits() throws {
        let library = try AssetLibrary(shippedFolder: shipped)
        #expect(library.assets.count >= 8)
        for asset in library.assets {
            #expect(FileManager.default.fileExists(atPath: try library.fileURL(id: asset.id).path), "\(asset.file)")
            #expect(asset.license?.isEmpty == false)
            #expect(!asset.id.contains("/") && !asset.id.contains("."))
        }
        #expect(Set(library.assets.map(\.id)).count == library.assets.count)
    }

    @Test(arguments: ["../../etc/passwd", "%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/etc/passwd", "manifest.json", "astronaut.jpg", ""])
    func traversalAttemptsAreUnknownIDs(id: String) throws {
        let library = try AssetLibrary(shippedFolder: shipped)
        #expect(throws: AssetLibraryError.unknownAsset(id: id)) { try library.fileURL(id: id) }
    }

    @Test func aUserFolderGetsStableIDsThatAreNotPaths() throws {
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appending("trip"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8]).write(to: folder.appending("trip/beach.jpg"))
        try Data([0x89]).write(to: folder.appending("cat.png"))
        try Data("x".utf8).write(to: folder.appending("notes.txt"))
        let first = try AssetLibrary(shippedFolder: shipped, userFolder: folder.url)
        let second = try AssetLibrary(shippedFolder: shipped, userFolder: folder.url)
        let user = first.assets.filter { $0.id.hasPrefix("u-") }
        #expect(user.map(\.file) == ["cat.png", "trip/beach.jpg"])
        #expect(user.map(\.id) == second.assets.filter { $0.id.hasPrefix("u-") }.map(\.id))
        #expect(user.allSatisfy { !$0.id.contains("beach") && !$0.id.contains("/") })
        #expect(try first.fileURL(id: AssetLibrary.userAssetID(relativePath: "trip/beach.jpg")).lastPathComponent == "beach.jpg")
    }

    @Test func aManifestNamingAPathIsRejected() throws {
        let folder = try TemporaryDirectory()
        try Data(#"[{"id":"x","file":"../secret.jpg","title":"t"}]"#.utf8).write(to: folder.appending("manifest.json"))
        #expect(throws: AssetLibraryError.self) { try AssetLibrary(shippedFolder: folder.url) }
    }
}
