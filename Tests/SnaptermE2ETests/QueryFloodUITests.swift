// QueryFloodUITests: the real app on a terminal (a pseudo-terminal the test plays) that answers the capability
// queries with a megabyte of `?` — it once read them as keys, ~9,000 a second for two minutes, each opening or
// closing the keys overlay. Now the flood is read away before the UI starts, and only real keys act.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct QueryFloodUITests {
    @Test func aFloodAnsweringTheQueriesNeverBecomesKeys() async throws {
        // Given the app starting on a terminal that answers its queries with a megabyte of "?"
        let folder = try TemporaryDirectory(prefix: "snapterm-flood")
        let flood = [UInt8](repeating: UInt8(ascii: "?"), count: 1 << 20)
        let terminal = try PseudoTerminal(CommandRunner.binary.path, [], environment: [
            "PATH": "/usr/bin:/bin", "HOME": folder.url.path, "TERM": "xterm-256color", "LANG": "C.UTF-8",
            "XDG_CACHE_HOME": folder.appending("cache").path, "XDG_DATA_HOME": folder.appending("data").path,
            "SNAPTERM_DATA": CommandRunner.repositoryRoot.appendingPathComponent("assets").path,
        ], columns: 100, rows: 30) { output, _, _ in
            // (the answer, typed back as soon as the DA1 query arrives)
            defer { output = Data() }
            return output.range(of: Data("\u{1B}[c".utf8)) != nil ? flood : []
        }
        #expect(try await terminal.waitForOutput(containing: "[Places]"))
        // When the user presses "?" once
        terminal.send(Array("?".utf8))
        #expect(try await terminal.waitForOutput(containing: "Press ? or Esc to close."))
        // Then the keys overlay opened that once only: none of the flood's "?" was a key
        let drawn = String(decoding: terminal.received, as: UTF8.self)
        #expect(drawn.components(separatedBy: "Press ? or Esc to close.").count == 2)
        // And the app still quits at once
        terminal.send(Array("?q".utf8))
        #expect(try await terminal.waitForExit() == 0)
    }
}
