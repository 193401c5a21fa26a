// HelpOverlayTests: the `?` panel cuts a line too long for it with "…", and a panel too tall for the terminal keeps its
// last line (how to close it) and says how many lines a taller terminal shows.
@testable import SnaptermUI
import TerminalGraphics
import Testing

@MainActor
@Suite struct HelpOverlayTests {
    private let overlay = Overlay.help(screen: "Places", keys: [KeyHelp("Enter", "open the map")])

    @Test func aLineTooLongForThePanelEndsInAnEllipsis() {
        // Given a panel 60 columns wide: the `b` line (source badges …) is wider
        let canvas = MemoryCanvas(rows: 60, columns: 60)
        overlay.draw(on: canvas, area: CellRect(row: 0, column: 0, rows: 60, columns: 60))
        let badges = canvas.lines.first { $0.hasPrefix("    b ") }
        // Then it is cut with "…" in the panel's last column (2 columns of margin either side)
        #expect(badges?.hasSuffix("…") == true, "\(badges ?? "no b line")")
        #expect(SafeText.width(of: badges ?? "") == 58)
        // and no line runs into the right margin
        #expect(canvas.lines.allSatisfy { SafeText.width(of: $0) <= 58 })
    }

    @Test func aLineThatFitsIsWhole() {
        let canvas = MemoryCanvas(rows: 60, columns: 200)
        overlay.draw(on: canvas, area: CellRect(row: 0, column: 0, rows: 60, columns: 200))
        #expect(canvas.lines.contains { $0.hasSuffix("source unreachable)") })
        #expect(!canvas.lines.contains { $0.hasSuffix("…") })
    }

    @Test func aPanelTallerThanTheTerminalKeepsHowToCloseIt() {
        // Given a terminal 12 rows high: the panel has more lines
        let lines = Overlay.helpLines(screen: "Places", keys: [KeyHelp("Enter", "open the map")])
        let canvas = MemoryCanvas(rows: 12, columns: 100)
        overlay.draw(on: canvas, area: CellRect(row: 0, column: 0, rows: 12, columns: 100))
        // Then its first 10 lines, how many more there are, and how to close it are shown
        #expect(canvas.lines[0].contains("Keys here (Places)"))
        #expect(canvas.lines[10].contains("… \(lines.count - 11) more lines: a taller terminal shows them"))
        #expect(canvas.lines[11].contains("Press ? or Esc to close."))
    }
}
