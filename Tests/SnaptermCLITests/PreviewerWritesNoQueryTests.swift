// PreviewerWritesNoQueryTests: a previewer must not query a terminal it does not own (lf read the answer as keys and
// froze) — with --format, --place or lf's SNAPTERM_PREVIEW_TTY, `render` writes not one query byte.
import Foundation
import TestSupport
import Testing

@Suite struct PreviewerWritesNoQueryTests {
    /// The queries detection sends: the kitty graphics query, `CSI 16 t`, DA1.
    private let queries = ["a=q", "\u{1B}[16t", "\u{1B}[c"]

    @Test(arguments: [
        (["--format", "sixel"], [:]),
        (["--format", "kitty"], [:]),
        (["--format", "symbols"], [:]),
        (["--place", "3x1"], [:]),
        (["--place", "0x0", "--format", "ascii"], [:]),
        ([], ["SNAPTERM_PREVIEW_TTY": "/dev/tty"]),
    ] as [([String], [String: String])])
    func renderWritesNoQuery(arguments: [String], variables: [String: String]) async throws {
        // Given render run as a previewer on a terminal (that would answer nothing)
        let folder = try TemporaryDirectory()
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg").path
        var environment = ["PATH": "/usr/bin:/bin", "HOME": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path,
                           "TERM": "xterm-256color"]
        environment.merge(variables) { _, new in new }
        let terminal = try PseudoTerminal(CommandRunner.binary.path, ["render", "--cols", "16", "--rows", "4"] + arguments + [photo],
                                          environment: environment)
        // When it has drawn the picture and ended
        #expect(try await terminal.waitForExit() == 0, "\(String(decoding: terminal.received, as: UTF8.self).debugDescription)")
        // Then the terminal received the picture and not one query
        let written = String(decoding: terminal.received, as: UTF8.self)
        #expect(written.count > 20, "no picture: \(written.debugDescription)")
        for query in queries {
            #expect(!written.contains(query), "query \(query.debugDescription) written: \(written.prefix(200).debugDescription)")
        }
    }
}
