// RenderLateReplyTests: a terminal that answers `render`'s query after its first wait — its reply is read by
// render (which waits for DA1, bounded), not left in the input for the shell or the next program.
import Foundation
import TestSupport
import Testing

@Suite struct RenderLateReplyTests {
    @Test(arguments: ["\u{1B}[?63;1;2;4c", "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;16;8t\u{1B}[?62;c"])
    func aReplyAfterTheWaitIsReadByRenderNotLeftForTheShell(reply: String) async throws {
        // Given a terminal slower than render's first wait (300 ms)
        let folder = try TemporaryDirectory()
        let errors = folder.appending("stderr.txt")
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg").path
        let terminal = try PseudoTerminal(CommandRunner.binary.path, ["render", "--stats", "--cols", "16", "--rows", "4", photo],
                                          environment: ["PATH": "/usr/bin:/bin", "HOME": folder.url.path,
                                                        "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"],
                                          errorFile: errors) { output, _, pair in
            defer { output = Data() }
            guard output.range(of: Data("\u{1B}[c".utf8)) != nil else { return [] }
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.8)
                pair.send(Array(reply.utf8))
            }
            return []
        }
        // When it answers 0.8 s after the query
        #expect(try await terminal.waitForOutput(containing: "\u{1B}[c"), "no query was written")
        // Then render ends normally, having waited in vain at first ("no reply")
        #expect(try await terminal.waitForExit() == 0)
        let stats = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(stats.contains("(no reply)"), "the reply came within the first wait: \(stats)")
        // And the next program reading the terminal (the shell) gets nothing of the reply
        let left = terminal.pair.takeUnreadInput()
        #expect(left.isEmpty, "left in the input: \(String(decoding: left, as: UTF8.self).debugDescription)")
        // And the terminal has its modes back
        #expect(terminal.pair.modes().c_lflag & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    }
}
