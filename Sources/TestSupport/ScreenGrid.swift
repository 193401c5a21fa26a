// ScreenGrid: the cells of a terminal screenshot, measured from the picture — never assumed from a font.
import Foundation

/// Where a terminal's cells are in its screenshot. The cell size is the window's size in pixels
/// (less its border) divided by its columns and rows, so a check holds whatever font the machine
/// gives the terminal (kitty's 9×18 cells are 9×20 with another font; xterm's `fixed` is 6×13).
public struct ScreenGrid: Sendable, Equatable {
    /// Width of one cell in pixels.
    public let cellWidth: Int
    /// Height of one cell in pixels.
    public let cellHeight: Int
    /// Pixels between the window's edge and the first cell (xterm's internal border: 2; kitty here: 0).
    public let border: Int

    /// A grid of known cells (for tests of the grid itself).
    public init(cellWidth: Int, cellHeight: Int, border: Int) {
        self.cellWidth = cellWidth; self.cellHeight = cellHeight; self.border = border
    }

    /// Measures `screenshot` (a window of `geometry`, `COLSxROWS`) with ImageMagick's `identify`.
    public init(screenshot: URL, geometry: String, border: Int) throws {
        let parts = geometry.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { throw SpawnError(description: "bad geometry \(geometry)") }
        let size = try ScreenGrid.pixelSize(of: screenshot)
        // Whole pixels per cell: a window may be a pixel or two larger than its cells (kitty adds one).
        let width = (size.width - 2 * border) / parts[0], height = (size.height - 2 * border) / parts[1]
        guard width > 0, height > 0 else { throw SpawnError(description: "a \(size.width)×\(size.height) screenshot has no \(geometry) cells") }
        self.init(cellWidth: width, cellHeight: height, border: border)
    }

    /// An ImageMagick crop (`WxH+X+Y`) of the cells `columns × rows` from `row`, `column` (zero-based),
    /// `inset` pixels in from each side.
    public func crop(row: Int, column: Int, rows: Int, columns: Int, inset: Int = 0) -> String {
        let x = border + column * cellWidth + inset, y = border + row * cellHeight + inset
        return "\(max(1, columns * cellWidth - 2 * inset))x\(max(1, rows * cellHeight - 2 * inset))+\(x)+\(y)"
    }

    /// The pixel rectangle of cells (`x`, `y`, `width`, `height`), as `crop` without an inset.
    public func pixels(row: Int, column: Int, rows: Int, columns: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        (border + column * cellWidth, border + row * cellHeight, columns * cellWidth, rows * cellHeight)
    }

    /// The size of a PNG in pixels.
    public static func pixelSize(of png: URL) throws -> (width: Int, height: Int) {
        let result = try Spawn.run("/usr/bin/identify", ["-format", "%w %h", png.path])
        let numbers = result.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        guard result.status == 0, numbers.count >= 2 else { throw SpawnError(description: "identify \(png.path): \(result.output)") }
        return (numbers[0], numbers[1])
    }
}
