// `snapterm DIR` with something that is not a folder fails at once with the cause, before any terminal
// check (so a script sees why), and never starts the UI.
import Foundation
import TestSupport
import Testing

@Suite struct GalleryFolderArgumentTests {
    @Test func aMissingFolderOrAFileIsRefusedNamingTheCause() async throws {
        let folder = try TemporaryDirectory()
        try Data("x".utf8).write(to: folder.appending("a.jpg"))
        let environment = ["XDG_CACHE_HOME": folder.appending("cache").path, "HOME": folder.url.path]
        let missing = try await OffPool.run { try CommandRunner.run([folder.appending("nope").path], environment: environment) }
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope: No such file or directory"), "\(missing.stderr)")
        let file = try await OffPool.run { try CommandRunner.run(["--photos", folder.appending("a.jpg").path], environment: environment) }
        #expect(file.status == 1)
        #expect(file.stderr.contains("a.jpg: not a folder"), "\(file.stderr)")
        // A real folder gets as far as the terminal check (standard input here is not a terminal)
        let real = try await OffPool.run { try CommandRunner.run([folder.url.path], environment: environment) }
        #expect(real.status == 2)
        #expect(real.stderr.contains("needs a terminal"), "\(real.stderr)")
    }
}
