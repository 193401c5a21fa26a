// ProcessEndTests: Snapterm ends without running any library's destructor (glibc's own `LD_DEBUG`
// reports "calling fini" for each one it runs), and with everything it printed flushed.
//
// Why: `exit` ran the destructors while a worker was still starting libvips. glibc marks each library
// uninitialised as it finishes it, so the worker's first GLib call ran GObject's constructor a second
// time, and GLib aborted the UI as it quit ("cannot register existing fundamental type 'gchar'"; a core
// of it showed the main thread inside `_dl_fini` and a worker inside `dlopen`).
import Foundation
import TestSupport
import Testing

@Suite struct ProcessEndTests {
    /// Runs `snapterm arguments…` with glibc reporting each constructor and destructor it calls.
    private func run(_ arguments: [String]) async throws -> (output: CommandOutput, inits: [String], finis: [String]) {
        let folder = try TemporaryDirectory()
        let output = try await CommandRunner.run(arguments, environment: [
            "LD_DEBUG": "files", "XDG_CACHE_HOME": folder.appending("cache").path,
            "SNAPTERM_FILE_ROOTS": CommandRunner.repositoryRoot.path, "TERM": "xterm-256color"])
        let lines = output.stderr.split(separator: "\n")
        return (output, lines.filter { $0.contains("calling init:") }.map(String.init),
                lines.filter { $0.contains("calling fini:") }.map(String.init))
    }

    @Test func aRenderThatStartedGObjectEndsWithoutItsDestructor() async throws {
        // Given a CMYK JPEG, which only libvips draws (and so GObject is started)
        let picture = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/cmyk-128x96.jpg")
        // When it is rendered
        let run = try await run(["render", "--format", "sixel", "--cols", "8", "--rows", "3", "--cell-size", "8x16", picture.path])
        // Then the picture is written whole, GObject's constructor ran, and no destructor ran after it
        #expect(run.output.status == 0)
        #expect(run.output.stdout.starts(with: Data("\u{1B}P".utf8)) && run.output.stdout.suffix(3) == Data("\u{1B}\\\n".utf8))
        #expect(run.inits.contains { $0.contains("libgobject") }, "LD_DEBUG reported no GObject start: \(run.inits.suffix(5))")
        #expect(run.finis.isEmpty, "\(run.finis.prefix(5))")
    }

    @Test func versionIsPrintedWholeThroughTheBufferedOutput() async throws {
        // `--version` leaves through ArgumentParser's own `exit`, with its text still in stdio's buffer
        let run = try await run(["--version"])
        #expect(run.output.status == 0)
        #expect(String(decoding: run.output.stdout, as: UTF8.self) == "0.1.0\n")
        #expect(!run.inits.isEmpty, "LD_DEBUG reported nothing")
        #expect(run.finis.isEmpty, "\(run.finis.prefix(5))")
    }

    @Test func aFailedRenderSaysWhyAndEndsWithoutDestructors() async throws {
        let folder = try TemporaryDirectory()
        let run = try await run(["render", folder.appending("missing.png").path])
        #expect(run.output.status != 0)
        #expect(run.output.stderr.contains("missing.png"), "\(run.output.stderr.suffix(300))")
        #expect(run.finis.isEmpty, "\(run.finis.prefix(5))")
    }
}
