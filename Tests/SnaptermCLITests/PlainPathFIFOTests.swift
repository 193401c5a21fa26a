// A plain path naming a FIFO is refused at once ("not a regular file"), never waited on: a named file
// is read wherever it is, but only when it is a regular file.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import TestSupport
import Testing

@Suite struct PlainPathFIFOTests {
    @Test func aFIFONamedAsAPlainPathIsRefusedNotWaitedOn() async throws {
        // Given a FIFO named like a picture, outside every allowed folder, with nobody writing to it
        let folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appending("allowed"), withIntermediateDirectories: true)
        let fifo = folder.appending("pipe.jpg")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // A hanging open would wait for a writer: be that writer after 20 s, so a failure ends the test.
        let path = fifo.path
        let rescue = Task.detached {
            try? await Task.sleep(for: .seconds(20))
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
        }
        defer { rescue.cancel() }
        let environment = ["SNAPTERM_FILE_ROOTS": folder.appending("allowed").path, "HOME": folder.appending("allowed").path,
                           "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"]

        // When it is rendered by its path
        let (output, took) = try await OffPool.run {
            let started = ContinuousClock.now  // the process alone: not the wait for a busy test pool
            let output = try CommandRunner.run(["render", "--format", "ascii", "--cols", "10", "--rows", "4", fifo.path], environment: environment)
            return (output, ContinuousClock.now - started)
        }

        // Then it is refused, naming the cause, well before the rescue writer would come
        #expect(output.status != 0)
        #expect(output.stderr.contains("not a regular file"), "\(output.stderr)")
        #expect(output.stderr.contains("FIFO"), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(took < .seconds(15))
    }
}
