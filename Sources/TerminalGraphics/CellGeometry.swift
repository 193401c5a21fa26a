// CellGeometry: how big a picture is drawn in a box of terminal cells — whole cells, sixel bands of 6.

/// The cells a picture occupies and the pixel size it is encoded at.
///
/// The picture keeps its aspect ratio to within half a cell: it is scaled to fit the box — but never above
/// `largestUpscale` times its own pixel size, so a small icon stays small and sharp — then rounded to whole cells. For sixel (drawn pixel for pixel) the whole picture is fitted, at its own aspect,
/// into those cells' pixels with the height a multiple of 6 (one sixel band), never more than the cells it
/// occupies, so an image never spills into the row below and nothing of it is cropped.
public struct CellGeometry: Sendable, Hashable {
    /// Columns the picture occupies (1…box columns).
    public let columns: Int
    /// Rows the picture occupies (1…box rows).
    public let rows: Int
    /// The width in pixels to resize the source to: `columns × cellWidth` (for sixel at most that, keeping the aspect).
    public let pixelWidth: Int
    /// The height in pixels to resize the source to: `rows × cellHeight` (for sixel at most that, a multiple of 6).
    public let pixelHeight: Int

    /// The most a picture is enlarged, in pixels per picture pixel (timg shows small pictures at their size; a 16×16
    /// icon blown up to a whole screen is a blur). A picture that needs enlarging beyond it is drawn smaller than the box.
    public static let largestUpscale = 4.0

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
        let scale = min(boxWidth / Double(imageWidth), boxHeight / Double(imageHeight), Self.largestUpscale)
        let fittedColumns = (Double(imageWidth) * scale / Double(cellWidth)).rounded()
        let fittedRows = (Double(imageHeight) * scale / Double(cellHeight)).rounded()
        self.columns = min(columns, max(1, Int(fittedColumns)))
        self.rows = min(rows, max(1, Int(fittedRows)))
        let width = self.columns * cellWidth, height = self.rows * cellHeight
        guard mode == .sixel else {
            pixelWidth = width
            pixelHeight = height
            return
        }
        // Sixel pixels are drawn one to one, not stretched to the cells: the whole picture, at its own aspect,
        // in the cells' pixels with the height cut to whole bands. (Filling the cells instead cropped up to half
        // a cell and the band cut: a 3:2 photo in 30×10 cells of 8×16 lost 4 of its 160 rows.)
        let bands = max(min(6, height), height / 6 * 6)
        let heightAtFullWidth = Double(imageHeight) * Double(width) / Double(imageWidth)
        if heightAtFullWidth >= Double(bands) {
            pixelHeight = bands
        } else {
            let fitted = Int(heightAtFullWidth.rounded())
            pixelHeight = max(min(6, bands), fitted / 6 * 6)
        }
        pixelWidth = min(width, max(1, Int((Double(imageWidth) * Double(pixelHeight) / Double(imageHeight)).rounded())))
    }
}
