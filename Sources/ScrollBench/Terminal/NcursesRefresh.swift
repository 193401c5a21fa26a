// NcursesRefresh: the bytes ncurses sends on refresh with the no-scroll terminfo — only changed cells.
import Foundation
import SnaptermUI
import TerminalGraphics

/// Computes an ncurses-like screen update: a cursor move to each run of changed cells, SGR when the
/// style changes, the text. With no previous screen (after `invalidate()`), it clears the screen first.
/// A row whose new text ends sooner than its old text is cleared to its end as ncurses does without `el`
/// (removed by the no-scroll terminfo): spaces up to the right edge, over whatever pictures are there.
enum NcursesRefresh {
    @MainActor
    static func bytes(from shown: [BenchTerminal.Cell]?, to cells: [BenchTerminal.Cell], columns: Int) -> Data {
        var out = shown == nil ? "\u{1B}[H\u{1B}[2J" : ""
        let blank = BenchTerminal.Cell()
        var cursorRow = -1, cursorColumn = -1
        var style: TextStyle?
        func move(_ row: Int, _ column: Int) {
            if row != cursorRow || column != cursorColumn { out += "\u{1B}[\(row + 1);\(column + 1)H" }
        }
        for row in 0..<(columns > 0 ? cells.count / columns : 0) {
            let start = row * columns
            let newEnd = lastNonBlank(cells, start, columns), oldEnd = shown.map { lastNonBlank($0, start, columns) } ?? -1
            for column in 0...max(-1, newEnd) where column >= 0 {
                let cell = cells[start + column]
                guard cell != (shown?[start + column] ?? blank), !cell.text.isEmpty else { continue }
                move(row, column)
                if cell.style != style {
                    out += sgr(cell.style)
                    style = cell.style
                }
                out += cell.text
                cursorRow = row
                cursorColumn = column + max(1, SafeText.width(of: cell.text))
            }
            guard oldEnd > newEnd else { continue }
            move(row, newEnd + 1)
            if style != [] {
                out += sgr([])
                style = []
            }
            out += String(repeating: " ", count: columns - newEnd - 1)
            cursorRow = row
            cursorColumn = columns
        }
        if let style, style != [] { out += "\u{1B}[0m" }
        return Data(out.utf8)
    }

    /// The column of the last cell of the row starting at `start` that is not a plain blank, or -1.
    private static func lastNonBlank(_ cells: [BenchTerminal.Cell], _ start: Int, _ columns: Int) -> Int {
        let blank = BenchTerminal.Cell()
        return (0..<columns).last { cells[start + $0] != blank } ?? -1
    }

    static func sgr(_ style: TextStyle) -> String {
        var codes = ["0"]
        if style.contains(.bold) { codes.append("1") }
        if style.contains(.dim) { codes.append("2") }
        if style.contains(.underline) { codes.append("4") }
        if style.contains(.reverse) { codes.append("7") }
        if style.contains(.concealed) { codes.append("8") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
