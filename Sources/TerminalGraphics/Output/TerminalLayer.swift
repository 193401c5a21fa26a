// TerminalLayer: the output side of each picture protocol — the bytes that draw a picture from its top-left cell
// and those that erase a box of cells — shared by the UI's placer, `snapterm render` and the animation loop.
import Foundation

/// Draws and erases pictures of every protocol (sixel, kitty, iTerm2, text art). Positions are the caller's:
/// it moves the cursor to the picture's first cell, and says how to reach the start of each further line.
public enum TerminalLayer {
    /// `picture` drawn from the cursor without a newline: a sixel or iTerm2 image as it is, a kitty image
    /// transmitted and shown at once (`a=T`), text art line by line with `lineStart(i)` before line `i` (> 0)
    /// and `lineEnd` after every line.
    public static func draw(_ picture: TerminalPicture, lineEnd: String = "", lineStart: (Int) -> String) -> Data {
        switch picture {
        case .sixel(let data), .iterm(let data):
            return data
        case .kitty(let png, let columns, let rows):
            return KittyGraphics.display(payload: .png(png), columns: columns, rows: rows)
        case .text(let lines):
            var out = Data()
            for (index, line) in lines.enumerated() {
                if index > 0 { out += Data(lineStart(index).utf8) }
                out += line + Data(lineEnd.utf8)
            }
            return out
        }
    }

    /// `picture` drawn with its top-left at the zero-based cell `row`, `column` (each text line starting there).
    public static func draw(_ picture: TerminalPicture, row: Int, column: Int, lineEnd: String = "") -> Data {
        moveCursor(row: row, column: column)
            + draw(picture, lineEnd: lineEnd) { EscapeSequence.moveCursor(row: row + $0, column: column) }
    }

    /// Blanks the `rows × columns` cells whose top-left is the zero-based cell `row`, `column`.
    public static func erase(row: Int, column: Int, rows: Int, columns: Int) -> Data {
        erase(rows: rows, columns: columns) { EscapeSequence.moveCursor(row: row + $0, column: column) }
    }

    /// The cursor moved to the zero-based cell `row`, `column`.
    public static func moveCursor(row: Int, column: Int) -> Data {
        Data(EscapeSequence.moveCursor(row: row, column: column).utf8)
    }

    /// `bytes` between a cursor save and restore, so the text cursor ends where it was; nothing stays nothing.
    public static func keepingCursor(_ bytes: Data) -> Data {
        bytes.isEmpty ? bytes : Data(EscapeSequence.saveCursor.utf8) + bytes + Data(EscapeSequence.restoreCursor.utf8)
    }

    /// Blanks `rows × columns` cells: `lineStart(i)` moves to the start of row `i`, then erase characters, which
    /// also wipes the sixel, iTerm2 and text art pixels there. (A kitty image floats over the cells: it is
    /// erased by deleting its placement, `KittyGraphics.deletePlacement`.)
    public static func erase(rows: Int, columns: Int, lineStart: (Int) -> String) -> Data {
        (0..<rows).reduce(into: Data()) { bytes, line in
            bytes += Data((lineStart(line) + EscapeSequence.eraseCharacters(columns)).utf8)
        }
    }
}
