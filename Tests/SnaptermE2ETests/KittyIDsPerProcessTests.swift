// KittyIDsPerProcessTests: two Snapterm processes showing the same thumbnails with kitty placeholders in tmux hold
// different image ids (read back from the placeholders' colours), so one quitting cannot delete the other's pictures.
import Foundation
import TerminalGraphics
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct KittyIDsPerProcessTests {
    /// The image ids the placeholders on `tmux`'s screen carry as their colours.
    private func ids(on tmux: TmuxSession) async throws -> Set<Int> {
        var foreground: Int?
        let cells = try await tmux.screenWithAttributes().enumerated()
            .flatMap { TmuxPlaceholderTests.cells(in: $1, row: $0, foreground: &foreground) }
        return Set(cells.map(\.id))
    }

    @Test func twoProcessesShowingTheSameThumbnailsUseDifferentImageIDs() async throws {
        // Given two Snapterm processes, each in its own pane, both showing the places list's first thumbnails
        let first = try E2EFixture(), second = try E2EFixture()
        for fixture in [first, second] {
            try await fixture.tmux.setOption("allow-passthrough", "on")
            try await fixture.start("--graphics kitty")
        }
        var shown: [Set<Int>] = []
        for fixture in [first, second] {
            try await fixture.tmux.waitFor { $0.contains { $0.contains("#1 of ") } && $0.contains { $0.contains("blank 0/") } }
            // The status line can say "blank 0" a frame before tmux shows the last placeholders: read until they are there.
            var ids = try await ids(on: fixture.tmux)
            let deadline = ContinuousClock.now + .seconds(20)
            while ids.count < 4, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
                ids = try await self.ids(on: fixture.tmux)
            }
            shown.append(ids)
        }
        // Then each shows several pictures, and no id of one is an id of the other
        #expect(shown[0].count >= 4 && shown[1].count == shown[0].count, "\(shown)")
        #expect(shown[0].isDisjoint(with: shown[1]), "shared ids: \(shown[0].intersection(shown[1]))")
        for fixture in [first, second] {
            try await fixture.tmux.send("q")
            try await fixture.tmux.waitFor("EXIT=0")
        }
    }
}
