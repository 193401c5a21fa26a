// With a cache folder that cannot be made or written, `render` and `fetch` still work — on memory
// caches — and say so in one sentence naming the folder and the cause.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct UnusableCacheFolderTests {
    private static let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

    /// `XDG_CACHE_HOME` values no process can make folders in, whoever it runs as (root included).
    static let cacheHomes = ["under a regular file", "under /proc"]

    private func cacheHome(_ kind: String, in folder: TemporaryDirectory) throws -> String {
        guard kind == "under a regular file" else { return "/proc/snapterm-no-such-folder/cache" }
        try Data("not a folder".utf8).write(to: folder.appending("a-file"))
        return folder.appending("a-file/cache").path
    }

    @Test(arguments: cacheHomes)
    func renderDrawsWithoutTheDiskCacheAndSaysSoOnce(kind: String) async throws {
        // Given a cache home under something that cannot hold folders
        let folder = try TemporaryDirectory()
        let home = try cacheHome(kind, in: folder)

        // When a picture is rendered as sixel (a format the disk cache keeps)
        let output = try await CommandRunner.run(["render", "--format", "sixel", "--cols", "20", "--rows", "6", Self.photo.path],
                                                 environment: ["XDG_CACHE_HOME": home, "TERM": "xterm-256color"])

        // Then it is drawn, and standard error holds one line naming the folder and the cause
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.starts(with: Data("\u{1B}P".utf8)))
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("the cache folder \(home)/snapterm cannot be used ("), "\(output.stderr)")
        #expect(output.stderr.contains(kind == "under /proc" ? "No such file or directory" : "Not a directory"), "\(output.stderr)")
        #expect(!output.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test(arguments: cacheHomes)
    func fetchWritesTheBytesWithoutTheDiskCacheAndSaysSoOnce(kind: String) async throws {
        // Given a cache home under something that cannot hold folders
        let folder = try TemporaryDirectory()
        let home = try cacheHome(kind, in: folder)

        // When a file is fetched
        let output = try await CommandRunner.run(["fetch", Self.photo.path], environment: ["XDG_CACHE_HOME": home])

        // Then its bytes come out, and standard error holds one line naming the folder
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == (try Data(contentsOf: Self.photo)))
        #expect(output.stderr.split(separator: "\n").count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("the cache folder \(home)/snapterm cannot be used"), "\(output.stderr)")
    }
}
