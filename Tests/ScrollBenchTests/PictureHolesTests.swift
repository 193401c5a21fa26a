// What xterm shows when ncurses clears a line's end over a sixel picture: the bench's emulated refresh writes the
// spaces to the right edge as ncurses does without `el`, the virtual terminal counts the picture's holes, and the
// concealed space at every row's end keeps them from happening.
import Foundation
import ScrollBench
import SnaptermUI
import Testing

@MainActor
@Suite struct PictureHolesTests {
    /// A 60×26-pixel sixel picture (10×2 cells of 6×13) drawn at row 2, column 10 of `output`'s terminal.
    private func drawPicture(on output: BenchOutput) {
        var sixel = "\u{1B}Pq\"1;1;60;26#0;2;100;0;0#0"
        for _ in 0..<5 { sixel += "!60~-" }
        output.write(Data(("\u{1B}7\u{1B}[3;11H" + sixel + "\u{1B}\\\u{1B}8").utf8))
    }

    @Test func clearingALinesEndOverAPictureIsCountedAsHolesAndTheConcealedEndPreventsIt() {
        // Given a "loading" text left of a picture drawn on the same rows, the way a refresh leaves it
        let output = BenchOutput(terminal: VirtualTerminal(rows: 6, columns: 30, cellWidth: 6, cellHeight: 13))
        let terminal = BenchTerminal(rows: 6, columns: 30, output: output, keys: KeyFeed(keys: [], pacing: .lockstep))
        terminal.clear()
        terminal.put("loading", row: 2, column: 1, style: .dim)
        terminal.refresh()
        drawPicture(on: output)
        output.endFrame()
        #expect(output.terminal.pictureCells(row: 2, column: 10, rows: 2, columns: 10) == 20)

        // When the text goes (the picture it waited for has landed) and ncurses refreshes
        terminal.clear()
        terminal.refresh()
        output.endFrame()

        // Then only the text's cells were rewritten: the picture keeps every cell, no hole
        #expect(output.terminal.pictureHoles(row: 2, column: 10, rows: 2, columns: 10) == 0)
        #expect(output.terminal.pictureCells(row: 2, column: 10, rows: 2, columns: 10) == 20)
    }

    @Test func spacesWrittenOverAPictureAreHoles() {
        // Given a picture, and text written over part of its first row (what a clear to the line's end without
        // `el` sends)
        let output = BenchOutput(terminal: VirtualTerminal(rows: 6, columns: 30, cellWidth: 6, cellHeight: 13))
        drawPicture(on: output)
        output.writeText(Data("\u{1B}[3;2H\(String(repeating: " ", count: 29))".utf8))
        output.endFrame()
        // Then the picture's row is counted as holes: ten cells of it
        #expect(output.terminal.pictureHoles(row: 2, column: 10, rows: 2, columns: 10) == 10)
    }
}
