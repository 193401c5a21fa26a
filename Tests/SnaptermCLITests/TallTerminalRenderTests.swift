// `snapterm render` in a terminal taller than 200 rows: the box is as tall as the terminal (the
// thumbnail URL once refused more than 200 rows, so a tall terminal got an error instead of a picture).
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TallTerminalRenderTests {
    @Test func renderFillsA260RowTerminal() async throws {
        // Given a tmux window of 60 × 260 cells
        let folder = try TemporaryDirectory()
        let tmux = try TmuxSession(columns: 60, rows: 260, environment: [
            "SNAPTERM_FILE_ROOTS": CommandRunner.repositoryRoot.path, "XDG_CACHE_HOME": folder.appending("cache").path])
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg")
        let errors = folder.appending("errors.txt")
        // When a picture is rendered with the box taken from the window (no --rows)
        try await tmux.runReportingExit("clear; '\(CommandRunner.binary.path)' render --cols 20 '\(photo.absoluteString)' 2>'\(errors.path)'")
        let screen = try await tmux.waitFor("EXIT=")
        // Then it succeeds and draws text art
        let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(screen.contains { $0.contains("EXIT=0") }, "\(message)")
        #expect(message.isEmpty, "\(message)")
        #expect(screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count >= 5)
    }

    @Test func rowsAboveTwoHundredAreAccepted() async throws {
        let folder = try TemporaryDirectory()
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg")
        let out = folder.appending("tall.png")
        let result = try await CommandRunner.run(["render", "--rows", "400", "--cols", "10", "-o", out.path, photo.absoluteString],
                                           environment: ["SNAPTERM_FILE_ROOTS": CommandRunner.repositoryRoot.path,
                                                         "XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.path))
    }
}
