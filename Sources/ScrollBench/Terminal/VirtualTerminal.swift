// VirtualTerminal: a cell grid fed with the bytes a real terminal would receive — text, cursor moves, erases,
// sixel, kitty graphics.
import Foundation
import SnaptermUI

/// A headless terminal: parses terminal bytes (UTF-8 text, CSI cursor moves and erases, SGR,
/// save/restore cursor, DCS sixel) into a grid whose cells are blank, text or image.
///
/// It models what matters for the scroll benchmark: which cells a picture covers, which text
/// or erase wiped them, and whether the screen scrolled. Other escape sequences are consumed
/// without effect. Sequences may be split across `feed` calls.
public struct VirtualTerminal: Sendable {
    /// What a cell shows.
    public enum CellKind: Sendable, Hashable {
        /// Nothing (never written, erased, or a space with the default background).
        case blank
        /// A character (or a coloured space: text art, reverse video).
        case text
        /// Sixel pixels.
        case image
    }

    /// The sixel image a cell shows: a checksum of the DCS payload and the image's top-left cell.
    public struct ImageReference: Sendable, Hashable {
        /// FNV-1a checksum of the whole DCS sequence.
        public var checksum: UInt64
        /// Top row of the image.
        public var row: Int
        /// Left column of the image.
        public var column: Int
    }

    /// One sixel image drawn: where, how many cells it covers, and whether it was redundant.
    public struct Placement: Sendable, Hashable {
        /// Top-left cell and size in cells (after clipping to the screen width).
        public var row: Int, column: Int, rows: Int, columns: Int
        /// Size in pixels (from the raster attributes, or counted).
        public var pixelWidth: Int, pixelHeight: Int
        /// The same picture already covered exactly these cells when the frame began.
        public var wasAlreadyShown: Bool
    }

    /// Rows and columns.
    public let rows: Int, columns: Int
    /// Pixel size of one cell (for sizing sixel images).
    public let cellWidth: Int, cellHeight: Int

    /// The cursor (zero-based).
    public internal(set) var cursorRow = 0, cursorColumn = 0
    /// Lines scrolled off the top (by line feeds at the bottom or images reaching past it).
    public internal(set) var scrolledLines = 0
    /// Sixel images drawn since creation.
    public internal(set) var imagesDrawn = 0
    /// Sixel images drawn since `beginFrame()`.
    public internal(set) var placements: [Placement] = []
    /// kitty graphics: stored images and placements over the cells.
    public internal(set) var kitty = KittyLayer()

    var kinds: [CellKind]
    var characters: [Character]
    var images: [ImageReference?]
    var imagesAtFrameStart: [ImageReference?]
    /// The picture whose pixels text overwrote at a cell (a hole in it), until a picture or an erase covers the cell.
    var overwrittenImages: [ImageReference?]
    var saved: (row: Int, column: Int) = (0, 0)
    var pendingWrap = false
    var coloured = false  // a background colour or reverse video is set
    var parser = ParserState()

    /// Creates a blank terminal of `rows` × `columns` cells, each `cellWidth` × `cellHeight` pixels.
    public init(rows: Int, columns: Int, cellWidth: Int = 8, cellHeight: Int = 16) {
        precondition(rows > 0 && columns > 0 && cellWidth > 0 && cellHeight > 0, "a terminal has at least one cell")
        self.rows = rows
        self.columns = columns
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        kinds = Array(repeating: .blank, count: rows * columns)
        characters = Array(repeating: " ", count: rows * columns)
        images = Array(repeating: nil, count: rows * columns)
        imagesAtFrameStart = images
        overwrittenImages = images
    }

    /// What the cell at `row`, `column` shows.
    public func kind(row: Int, column: Int) -> CellKind { kinds[row * columns + column] }

    /// The character at a text cell (a space for blank and image cells).
    public func character(row: Int, column: Int) -> Character { characters[row * columns + column] }

    /// The image at a cell, if it shows sixel pixels.
    public func image(row: Int, column: Int) -> ImageReference? { images[row * columns + column] }

    /// The text of each row (image cells read as spaces), trailing spaces removed.
    public var lines: [String] {
        (0..<rows).map { row in
            var text = String(characters[(row * columns)..<((row + 1) * columns)])
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// How many cells of the rectangle show each kind.
    public func census(row: Int, column: Int, rows height: Int, columns width: Int) -> [CellKind: Int] {
        var counts: [CellKind: Int] = [:]
        for r in max(0, row)..<min(rows, row + height) {
            for c in max(0, column)..<min(columns, column + width) { counts[kinds[r * columns + c], default: 0] += 1 }
        }
        return counts
    }

    /// Cells of the rectangle that show a picture: sixel pixels or a kitty placement.
    public func pictureCells(row: Int, column: Int, rows height: Int, columns width: Int) -> Int {
        var count = 0
        for r in max(0, row)..<min(rows, row + height) {
            for c in max(0, column)..<min(columns, column + width)
            where kinds[r * columns + c] == .image || kitty.covers(row: r, column: c) { count += 1 }
        }
        return count
    }

    /// Cells of the rectangle that are holes in a sixel picture still shown there: cells whose pixels text
    /// overwrote (what xterm shows where spaces are written over a picture: white) while other cells of that
    /// picture still show it. Cells erased on purpose (ECH, a clear) are no holes.
    public func pictureHoles(row: Int, column: Int, rows height: Int, columns width: Int) -> Int {
        let rowRange = max(0, row)..<min(rows, row + height), columnRange = max(0, column)..<min(columns, column + width)
        guard !rowRange.isEmpty, !columnRange.isEmpty else { return 0 }
        var shown = Set<ImageReference>(), overwritten: [ImageReference] = []
        for r in rowRange {
            for c in columnRange {
                if let reference = images[r * columns + c] { shown.insert(reference) }
                if let reference = overwrittenImages[r * columns + c] { overwritten.append(reference) }
            }
        }
        return overwritten.filter(shown.contains).count
    }

    /// Starts a frame: forgets the placements and remembers which image each cell shows, so a
    /// picture sent again to the very cells it already covered is reported as redundant.
    public mutating func beginFrame() {
        placements = []
        imagesAtFrameStart = images
    }

    // MARK: - Cell operations used by the parser

    mutating func setCell(_ row: Int, _ column: Int, _ character: Character, kind: CellKind) {
        let index = row * columns + column
        kinds[index] = kind
        characters[index] = character
        if let overwritten = images[index] { overwrittenImages[index] = overwritten }
        images[index] = nil
    }

    /// Erases cells on purpose (ECH, a clear): blank, and no hole in any picture.
    mutating func blank(row: Int, columns range: Range<Int>) {
        guard (0..<rows).contains(row) else { return }
        for column in max(0, range.lowerBound)..<min(columns, range.upperBound) {
            setCell(row, column, " ", kind: .blank)
            overwrittenImages[row * columns + column] = nil
        }
    }

    mutating func blankAll() {
        for row in 0..<rows { blank(row: row, columns: 0..<columns) }
    }

    /// Moves every line up by `count`, blanking the bottom ones (what a terminal does at the bottom margin).
    mutating func scrollUp(_ count: Int) {
        guard count > 0 else { return }
        scrolledLines += count
        let shift = min(count, rows) * columns
        kinds.removeFirst(shift); kinds += Array(repeating: .blank, count: shift)
        characters.removeFirst(shift); characters += Array(repeating: " ", count: shift)
        images.removeFirst(shift); images += Array(repeating: nil, count: shift)
        overwrittenImages.removeFirst(shift); overwrittenImages += Array(repeating: nil, count: shift)
    }

    /// Marks the cells a sixel image covers, from the cursor, and moves the cursor below it
    /// (sixel scrolling mode: an image that reaches the last row scrolls the screen).
    mutating func placeImage(pixelWidth: Int, pixelHeight: Int, checksum: UInt64) {
        pendingWrap = false
        let top = cursorRow, left = cursorColumn
        let height = (pixelHeight + cellHeight - 1) / cellHeight
        let width = min(columns - left, (pixelWidth + cellWidth - 1) / cellWidth)
        guard height > 0, width > 0 else { return }
        let reference = ImageReference(checksum: checksum, row: top, column: left)
        var alreadyShown = true
        for row in top..<min(rows, top + height) {
            for column in left..<(left + width) {
                let index = row * columns + column
                if imagesAtFrameStart[index] != reference || images[index] != reference { alreadyShown = false }
                kinds[index] = .image
                characters[index] = " "
                images[index] = reference
                overwrittenImages[index] = nil
            }
        }
        if top + height > rows { alreadyShown = false }
        imagesDrawn += 1
        placements.append(Placement(row: top, column: left, rows: height, columns: width,
                                    pixelWidth: pixelWidth, pixelHeight: pixelHeight, wasAlreadyShown: alreadyShown))
        let below = top + height
        if below >= rows {
            scrollUp(below - rows + 1)
            cursorRow = rows - 1
        } else {
            cursorRow = below
        }
        cursorColumn = left
    }
}
