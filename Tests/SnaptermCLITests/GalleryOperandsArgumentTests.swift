// `snapterm URL|PATH…` and `--list FILE` check what they name before any terminal check (so a script sees
// why): a missing path operand stops with its name; a bad list line is named by number and the rest goes on.
import Foundation
import TestSupport
import Testing

@Suite struct GalleryOperandsArgumentTests {
    @Test func aMissingOperandStopsAndABadListLineIsNamedWhileTheRestGoesOn() async throws {
        // Given a picture file and a list with one bad line
        let folder = try TemporaryDirectory()
        try Data("x".utf8).write(to: folder.appending("a.jpg"))
        try Data("a.jpg\nftp://example.com/b.jpg\nhttps://example.com/c.jpg\n".utf8).write(to: folder.appending("list.txt"))
        let environment = ["XDG_CACHE_HOME": folder.appending("cache").path, "HOME": folder.url.path]

        // When a missing file is named beside a real one, Then snapterm stops naming it
        let missing = try await CommandRunner.run([folder.appending("a.jpg").path, folder.appending("nope.jpg").path], environment: environment)
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("nope.jpg: No such file or directory"), "\(missing.stderr)")

        // When the list is opened, Then its bad line is named and the good ones get as far as the terminal check
        let listed = try await CommandRunner.run(["--list", folder.appending("list.txt").path], environment: environment)
        #expect(listed.stderr.contains("list.txt line 2: unsupported scheme 'ftp'"), "\(listed.stderr)")
        #expect(listed.status == 2)
        #expect(listed.stderr.contains("needs a terminal"), "\(listed.stderr)")
    }
}
