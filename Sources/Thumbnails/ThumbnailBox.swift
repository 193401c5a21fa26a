// ThumbnailBox: the cell box and terminal kind a thumbnail is encoded for — part of its cache key.
import TerminalGraphics

/// A box of terminal cells, the pixel size of one cell, and the graphics mode.
public struct ThumbnailBox: Sendable, Hashable {
    public var columns: Int
    public var rows: Int
    public var cellWidth: Int
    public var cellHeight: Int
    public var mode: GraphicsMode

    public init(columns: Int, rows: Int, cellWidth: Int = 8, cellHeight: Int = 16, mode: GraphicsMode) {
        self.columns = columns; self.rows = rows; self.cellWidth = cellWidth; self.cellHeight = cellHeight; self.mode = mode
    }

    /// The box in pixels; the height is cut to a multiple of 6 (a sixel band) so it never spills over.
    public var pixelSize: (width: Int, height: Int) {
        (columns * cellWidth, (rows * cellHeight) / 6 * 6)
    }
}
