// A FIFO put in place of a disk cache's shared tally never holds up `render`: the picture is drawn
// and stored, and the FIFO is not waited on.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

@Suite struct RenderCacheFIFOTests {
    @Test func aFIFOTallyInTheCacheFolderNeverHangsRender() async throws {
        // Given the disk cache's tally replaced by a FIFO that nobody reads
        let folder = try TemporaryDirectory()
        let rescues = try ["loader"].map { name in
            let cache = folder.appending("cache/snapterm/\(name)")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let tally = cache.appendingPathComponent(".stored-since-rescan").path
            #expect(mkfifo(tally, 0o600) == 0)
            return FIFORescue(path: tally, opening: O_RDONLY)
        }
        defer { rescues.forEach { $0.stop() } }
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")

        // When a picture is rendered as sixel (stored in the disk cache)
        let (output, took) = try await OffPool.run {
            let started = ContinuousClock.now
            let output = try CommandRunner.run(["render", "--format", "sixel", "--cols", "20", "--rows", "6", photo.path],
                                               environment: ["XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"])
            return (output, ContinuousClock.now - started)
        }

        // Then it is drawn, well before a rescue reader would have ended a wait
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.starts(with: Data("\u{1B}P".utf8)))
        #expect(took < .seconds(15))
    }
}
