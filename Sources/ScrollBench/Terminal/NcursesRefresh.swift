// NcursesRefresh: the bytes ncurses sends on refresh with the no-scroll terminfo — only changed cells.
import Foundation
import SnaptermUI

/// Computes an ncurses-like screen update: a cursor move to each run of changed cells, SGR when the
/// style changes, the text. With no previous screen (after `invalidate()`), it clears the screen first.
enum NcursesRefresh {
    @MainActor
    static func bytes(from shown: [BenchTerminal.Cell]?, to cells: [BenchTerminal.Cell], columns: Int) -> Data {
        var out = shown == nil ? "\u{1B}[H\u{1B}[2J" : ""
        let blank = BenchTerminal.Cell()
        var cursorRow = -1, cursorColumn = -1
        var style: TextStyle?
        for index in cells.indices {
            let cell = cells[index]
            guard cell != (shown?[index] ?? blank), !cell.text.isEmpty else { continue }
            let row = index / columns, column = index % columns
            if row != cursorRow || column != cursorColumn { out += "\u{1B}[\(row + 1);\(column + 1)H" }
            if cell.style != style {
                out += sgr(cell.style)
                style = cell.style
            }
            out += cell.text
            cursorRow = row
            cursorColumn = column + max(1, SafeText.width(of: cell.text))
        }
        if let style, style != [] { out += "\u{1B}[0m" }
        return Data(out.utf8)
    }

    static func sgr(_ style: TextStyle) -> String {
        var codes = ["0"]
        if style.contains(.bold) { codes.append("1") }
        if style.contains(.dim) { codes.append("2") }
        if style.contains(.underline) { codes.append("4") }
        if style.contains(.reverse) { codes.append("7") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }
}
