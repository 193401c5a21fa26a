// End to end in tmux: in a narrow terminal, a line cut at the right edge ends in "…" — the header, the status line and
// the places' names alike, since the canvas cuts (not each screen) — so a reader sees that more was there.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct CutLineEndToEndTests {
    @Test func aLineCutAtTheRightEdgeEndsInAnEllipsis() async throws {
        let fixture = try E2EFixture(columns: 34, rows: 20)
        let tmux = fixture.tmux
        try await fixture.start()
        let screen = try await tmux.waitFor("blank")
        let header = try #require(screen.first)
        let status = try #require(screen.last { $0.contains("blank") })
        // The header (" Snapterm │ [Places] Messages …" and the graphics mode) and the status line (" blank 2/12 │ mem
        // 0 disk 0 miss …") are both wider than 34 columns.
        #expect(header.trimmingCharacters(in: .whitespaces).contains("…"), "\(header)")
        #expect(status.trimmingCharacters(in: .whitespaces).hasSuffix("…"), "\(status)")
        try await tmux.send("q")
        try await tmux.waitFor("EXIT=0")
    }
}
