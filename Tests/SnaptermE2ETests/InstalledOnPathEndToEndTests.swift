// InstalledOnPathEndToEndTests: the UI started by name from PATH (a symlink to the build) in another
// folder, with SNAPTERM_DATA unset, finds its data from its own real path and shows the places.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct InstalledOnPathEndToEndTests {
    @Test func givenASymlinkOnPath_whenStartedInAnotherFolder_thenThePlacesAreShown() async throws {
        // Given `snapterm` on PATH as a symlink, and a shell in an unrelated folder
        let root = try TemporaryDirectory()
        let bin = root.appending("bin"), elsewhere = root.appending("elsewhere")
        for folder in [bin, elsewhere] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("snapterm"), withDestinationURL: CommandRunner.binary)
        let fixture = try E2EFixture(namesDataFolder: false, path: "\(bin.path):/usr/bin:/bin")
        try await fixture.tmux.run("cd '\(elsewhere.path)'")
        // When it is started by name
        try await fixture.tmux.runReportingExit("snapterm")
        // Then the places list with its first place is shown, and it quits cleanly
        try await fixture.tmux.waitFor { $0.contains { $0.contains("[Places]") } && $0.contains { $0.contains("#1 of ") } }
        try await fixture.tmux.send("q")
        try await fixture.tmux.waitFor("EXIT=0")
    }
}
