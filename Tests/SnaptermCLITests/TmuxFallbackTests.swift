// TmuxFallbackTests: inside tmux (no sixel: DA1 answers `?1;2c`) `snapterm render` auto-detects text art.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct TmuxFallbackTests {
    @Test func renderInsideTmuxFallsBackToSymbols() async throws {
        let folder = try TemporaryDirectory()
        let tmux = try TmuxSession(columns: 80, rows: 24, environment: [
            "SNAPTERM_FILE_ROOTS": CommandRunner.repositoryRoot.path, "XDG_CACHE_HOME": folder.appending("cache").path])
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg")
        let stats = folder.appending("stats.txt")
        try await tmux.runReportingExit("clear; '\(CommandRunner.binary.path)' render --stats --cols 30 --rows 8 '\(photo.absoluteString)' 2>'\(stats.path)'")
        let screen = try await tmux.waitFor("EXIT=0")
        let errors = (try? String(contentsOf: stats, encoding: .utf8)) ?? ""
        #expect(errors.contains("mode=symbols") && errors.contains("multiplexer=tmux"), "\(errors)")
        #expect(!screen.contains { $0.contains("Pq") }, "sixel bytes reached tmux")
        #expect(screen.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count >= 8, "\(screen)")
    }
}
