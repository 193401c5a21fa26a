// RenderSignalRestoreTests: `snapterm render` ended by a signal while it waits for the terminal's answer gives the
// terminal its modes back (line editing, echo) — on a pseudo-terminal the test owns, which never answers.
import Foundation
import TestSupport
import Testing

@Suite struct RenderSignalRestoreTests {
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT])
    func aSignalDuringTheQueryLeavesTheTerminalAsItWas(signal: Int32) async throws {
        // Given render asking a terminal that never answers
        let folder = try TemporaryDirectory()
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg").path
        // When the signal comes while it waits for the reply (as soon as its DA1 query reached the terminal)
        let terminal = try PseudoTerminal(CommandRunner.binary.path, ["render", "--cols", "16", "--rows", "4", photo], environment: [
            "PATH": "/usr/bin:/bin", "HOME": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path,
            "TERM": "xterm-256color",
        ]) { output, program, _ in
            if output.range(of: Data("\u{1B}[c".utf8)) != nil { kill(program, signal) }
            output = Data()
            return []
        }
        #expect(try await terminal.waitForOutput(containing: "\u{1B}[c"), "no query was written")
        // Then it dies of that signal, and the terminal edits lines and echoes again
        #expect(try await terminal.waitForExit() == 128 + signal)
        let after = terminal.pair.modes()
        #expect(after.c_lflag & tcflag_t(ICANON) != 0, "left without line editing (-icanon)")
        #expect(after.c_lflag & tcflag_t(ECHO) != 0, "left without echo (-echo)")
    }
}
