// CellGeometry: how big a picture is drawn in a box of terminal cells — whole cells, sixel bands of 6.

/// The cells a picture occupies and the pixel size it is encoded at.
///
/// The picture keeps its aspect ratio to within half a cell: it is scaled to fit the box, then
/// rounded to whole cells. For sixel the pixel height is also a multiple of 6 (one sixel band),
/// never more than the cells it occupies, so an image never spills into the row below.
public struct CellGeometry: Sendable, Hashable {
    /// Columns the picture occupies (1…box columns).
    public let columns: Int
    /// Rows the picture occupies (1…box rows).
    public let rows: Int
    /// The width in pixels to resize the source to: `columns × cellWidth`.
    public let pixelWidth: Int
    /// The height in pixels to resize the source to: `rows × cellHeight`, cut to a multiple of 6 for sixel.
    public let pixelHeight: Int

    /// Fits an `imageWidth × imageHeight` picture into `columns × rows` cells of `cellWidth × cellHeight` pixels.
    public init(imageWidth: Int, imageHeight: Int, columns: Int, rows: Int,
                cellWidth: Int, cellHeight: Int, mode: GraphicsMode) throws {
        guard imageWidth > 0, imageHeight > 0 else {
            throw TerminalGraphicsError.invalidSize(width: imageWidth, height: imageHeight, reason: "the picture is empty")
        }
        guard columns > 0, rows > 0, cellWidth > 0, cellHeight > 0 else {
            throw TerminalGraphicsError.invalidSize(width: columns, height: rows,
                                                    reason: "a box needs at least one cell of at least one pixel")
        }
        let boxWidth = Double(columns * cellWidth), boxHeight = Double(rows * cellHeight)
        let scale = min(boxWidth / Double(imageWidth), boxHeight / Double(imageHeight))
        let fittedColumns = (Double(imageWidth) * scale / Double(cellWidth)).rounded()
        let fittedRows = (Double(imageHeight) * scale / Double(cellHeight)).rounded()
        self.columns = min(columns, max(1, Int(fittedColumns)))
        self.rows = min(rows, max(1, Int(fittedRows)))
        pixelWidth = self.columns * cellWidth
        let height = self.rows * cellHeight
        pixelHeight = mode == .sixel ? max(min(6, height), height / 6 * 6) : height
    }
}
