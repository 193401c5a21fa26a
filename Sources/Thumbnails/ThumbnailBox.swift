// ThumbnailBox: the cell box and terminal kind a thumbnail is encoded for — part of its cache key.
import TerminalGraphics

/// A box of terminal cells, the pixel size of one cell, the graphics mode, and the mode's
/// colour choice (sixel palette, text-art colour depth).
public struct ThumbnailBox: Sendable, Hashable {
    /// Columns of cells.
    public var columns: Int
    /// Rows of cells.
    public var rows: Int
    /// Width of one cell in pixels.
    public var cellWidth: Int
    /// Height of one cell in pixels.
    public var cellHeight: Int
    /// kitty, iTerm2, sixel, symbols or ASCII.
    public var mode: GraphicsMode
    /// The sixel palette (only part of the key in sixel mode).
    public var palette: SixelPalette
    /// The colours of symbol art (only part of the key in symbols mode).
    public var colors: ColorDepth

    /// The columns and rows a box may have: any real terminal (a 4K screen with a small font is
    /// ~500 rows), not a smaller guess — a full-screen preview is as tall as the terminal.
    public static let cellRange = 1...2000

    /// Creates a box.
    public init(columns: Int, rows: Int, cellWidth: Int = 8, cellHeight: Int = 16, mode: GraphicsMode,
                palette: SixelPalette = .auto, colors: ColorDepth = .truecolor) {
        self.columns = columns; self.rows = rows; self.cellWidth = cellWidth; self.cellHeight = cellHeight; self.mode = mode
        self.palette = mode == .sixel ? palette : .auto
        self.colors = mode == .symbols ? colors : .truecolor
    }

    /// The box in pixels; the height is cut to a multiple of 6 (a sixel band) so it never spills over.
    public var pixelSize: (width: Int, height: Int) {
        (columns * cellWidth, (rows * cellHeight) / 6 * 6)
    }

    /// Where a picture of `width × height` pixels goes in this box: whole cells, sixel bands.
    public func geometry(imageWidth width: Int, imageHeight height: Int) throws -> CellGeometry {
        try CellGeometry(imageWidth: width, imageHeight: height, columns: columns, rows: rows,
                         cellWidth: cellWidth, cellHeight: cellHeight, mode: mode)
    }
}
