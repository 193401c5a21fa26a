// CellRect: a rectangle of terminal cells, and where a smaller picture sits inside one (centred).

/// A rectangle of terminal cells.
public struct CellRect: Sendable, Hashable {
    public var row: Int, column: Int, rows: Int, columns: Int

    public init(row: Int, column: Int, rows: Int, columns: Int) {
        self.row = row; self.column = column; self.rows = rows; self.columns = columns
    }

    /// A `columns × rows` rectangle centred in this one (an odd spare cell goes below and to the right),
    /// each side cut to this one's: where a picture of that many cells goes in its box.
    public func centred(columns: Int, rows: Int) -> CellRect {
        let width = min(self.columns, max(1, columns)), height = min(self.rows, max(1, rows))
        return CellRect(row: row + (self.rows - height) / 2, column: column + (self.columns - width) / 2,
                        rows: height, columns: width)
    }
}
