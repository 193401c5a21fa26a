// Snapterm's disk caches are 0700 folders of 0600 files whatever the umask: other users of the machine cannot
// read which pictures were looked at.
import Foundation
import TestSupport
import Testing

@Suite struct PrivateFoldersTests {
    @Test func theDiskCachesAreTheOwnersOnlyEvenWhereAnOlderVersionMadeThemOpen() async throws {
        // Given a cache root an older Snapterm made readable by all
        let folder = try TemporaryDirectory()
        let root = folder.appending("cache/snapterm")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("loader"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        // When a picture is rendered (its thumbnail written to the disk cache)
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/quadrants-64x48.tif")
        let output = try await CommandRunner.run(["render", "--format", "sixel", "--cols", "10", "--rows", "4", photo.path],
                                                 environment: ["XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status == 0, "\(output.stderr)")
        // Then every folder and file under the cache root is its owner's alone, the root too
        #expect(FilePermissions.mode(of: root) == 0o700)
        #expect(try !FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("loader").path).isEmpty)
        #expect(FilePermissions.openToOthers(under: root).isEmpty, "\(FilePermissions.openToOthers(under: root))")
    }

    @Test func theThumbnailCacheOfAnOlderVersionIsRemoved() async throws {
        // Given the thumbnails/ disk cache of a version before one loader, with an entry
        let folder = try TemporaryDirectory()
        let old = folder.appending("cache/snapterm/thumbnails")
        try FileManager.default.createDirectory(at: old.appendingPathComponent("ab"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: old.appendingPathComponent("ab/entry"))
        // When a picture is rendered
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/quadrants-64x48.tif")
        let output = try await CommandRunner.run(["render", "--format", "sixel", "--cols", "10", "--rows", "4", photo.path],
                                                 environment: ["XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status == 0, "\(output.stderr)")
        // Then the old folder is gone, and the one cache holds the new entries
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(try !FileManager.default.contentsOfDirectory(atPath: folder.appending("cache/snapterm/loader").path).isEmpty)
    }
}
