// RenderFillsWindowWidthTests: without --cols, `render` fills the terminal's width (as chafa does), not 80 columns.
import Foundation
import TestSupport
import Testing

@Suite struct RenderFillsWindowWidthTests {
    @Test func aPictureTallEnoughToFitIsAsWideAsTheWindow() async throws {
        // Given a terminal 200 columns wide and a box tall enough that the width is what limits the picture
        let folder = try TemporaryDirectory()
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg").path
        let terminal = try PseudoTerminal(CommandRunner.binary.path,
                                          ["render", "--format", "symbols", "--cell-size", "8x16", "--rows", "500", photo],
                                          environment: ["PATH": "/usr/bin:/bin", "HOME": folder.url.path,
                                                        "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"],
                                          columns: 200, rows: 50)
        // When render draws it with no --cols
        #expect(try await terminal.waitForExit() == 0, "\(String(decoding: terminal.received.prefix(300), as: UTF8.self).debugDescription)")
        // Then its widest line is the window's 200 columns
        let widths = Self.visibleLines(terminal.received).map(\.count)
        #expect(widths.max() == 200, "line widths: \(Set(widths).sorted())")
    }

    /// The lines of what was written, with escape sequences removed.
    static func visibleLines(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let plain = text.replacingOccurrences(of: "\u{1B}\\[[0-9;:?]*[ -/]*[@-~]", with: "", options: .regularExpression)
        return plain.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map(String.init)
    }
}
