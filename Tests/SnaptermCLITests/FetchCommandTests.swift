// `snapterm fetch`: bytes out for any registered scheme, one-line errors and a non-zero exit otherwise.
import Foundation
import TestSupport
import Testing

@Suite struct FetchCommandTests {
    @Test func fetchWritesTheBytesOfAFileURL() throws {
        let folder = try TemporaryDirectory()
        let bytes = Data((0..<3000).map { UInt8($0 % 256) })
        try bytes.write(to: folder.appending("pic.bin"))
        let output = try CommandRunner.run(
            ["fetch", "-o", folder.appending("copy.bin").path, "--stats", folder.appending("pic.bin").absoluteString],
            environment: ["SNAPTERM_FILE_ROOTS": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status == 0)
        #expect(try Data(contentsOf: folder.appending("copy.bin")) == bytes)
        #expect(output.stderr.contains("source=handler"))
        #expect(output.stderr.contains("bytes=3000"))
    }

    @Test(arguments: [
        ("file:///etc/passwd", "outside the allowed folders"),
        ("gopher://example.org/x", "unsupported URL scheme 'gopher'"),
        ("http://127.0.0.1:1/x", "network error"),
        ("not a file", "no such readable file"),
    ])
    func failuresAreOneLineOnStandardErrorAndANonZeroExit(url: String, message: String) throws {
        let folder = try TemporaryDirectory()
        let output = try CommandRunner.run(["fetch", url], environment: [
            "SNAPTERM_FILE_ROOTS": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(output.stderr.contains(message))
    }

    @Test func controlCharactersInErrorsAreMadeVisible() throws {
        let folder = try TemporaryDirectory()
        let output = try CommandRunner.run(["fetch", "file://\(folder.url.path)/\u{1B}]0;pwned\u{07}.png"], environment: [
            "SNAPTERM_FILE_ROOTS": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status != 0)
        #expect(!output.stderr.contains("\u{1B}"))
        #expect(!output.stderr.contains("\u{07}"))
    }

    @Test func versionAndHelpWork() throws {
        let version = try CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(String(decoding: version.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try CommandRunner.run(["--help"])
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("fetch"))
    }
}
