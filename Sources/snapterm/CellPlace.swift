// CellPlace: `--place COLxROW` — a zero-based terminal cell where a picture's top-left corner goes.
/// A zero-based cell position (column, row), as lf passes it to a previewer.
struct CellPlace: Equatable, Sendable {
    var column: Int
    var row: Int

    init(column: Int, row: Int) {
        self.column = column
        self.row = row
    }

    /// "40x2" → column 40, row 2; nil for anything else (negative, huge, missing parts).
    init?(_ text: String) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let column = Int(parts[0]), let row = Int(parts[1]),
              (0...9999).contains(column), (0...9999).contains(row) else { return nil }
        self.init(column: column, row: row)
    }
}
