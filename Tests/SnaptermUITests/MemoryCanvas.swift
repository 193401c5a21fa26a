// MemoryCanvas: an in-memory TextCanvas, so screens can be drawn and read back in tests.
import SnaptermUI
import TerminalGraphics

/// A grid of cells held in memory. `lines` reads it back. Text is made visible (`SafeText`) as
/// `CursesScreen` does, so a test reads what a user's terminal would show.
@MainActor
final class MemoryCanvas: TextCanvas {
    private(set) var size: (rows: Int, columns: Int)
    private var cells: [[Character]]
    private var styles: [[TextStyle]]

    /// Creates a blank canvas.
    init(rows: Int, columns: Int) {
        size = (rows, columns)
        cells = Array(repeating: Array(repeating: " ", count: columns), count: rows)
        styles = Array(repeating: Array(repeating: [], count: columns), count: rows)
    }

    func clear() {
        cells = Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
        styles = Array(repeating: Array(repeating: [], count: size.columns), count: size.rows)
    }

    func put(_ text: String, row: Int, column: Int, width: Int, style: TextStyle) {
        guard (0..<size.rows).contains(row), column >= 0 else { return }
        var col = column
        for character in SafeText.fitted(SafeText.visible(text), to: max(0, min(width, size.columns - column))) {
            guard col < size.columns else { break }
            cells[row][col] = character
            styles[row][col] = style
            col += max(1, SafeText.width(of: String(character)))
        }
    }

    /// The text of each row, trailing spaces removed.
    var lines: [String] {
        cells.map { row in
            var text = String(row)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The style at a cell.
    func style(row: Int, column: Int) -> TextStyle { styles[row][column] }
}
