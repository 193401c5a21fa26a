// SixelCentredTests: a sixel smaller than its box sits in the box's middle, as a kitty picture does (it sat top-left).
import Foundation
@testable import SnaptermUI
import TerminalGraphics
import Testing
import Thumbnails

@MainActor
@Suite struct SixelCentredTests {
    @Test func aSixelNarrowerThanItsBoxIsCentredInIt() throws {
        // Given a 16×4-cell sixel box (8×16-pixel cells) and a 96×60-pixel sixel in it (12×4 cells)
        let box = ThumbnailBox(columns: 16, rows: 4, mode: .sixel)
        let url = ThumbnailURL(source: try #require(URL(string: "asset://?id=p-80c68192")), box: box).url
        let sixel = TerminalPicture.sixel(Data("\u{1B}P0;0;0q\"1;1;96;60#0;2;0;0;0-\u{1B}\\".utf8))
        // When it is placed in the box at row 3, column 10
        let rect = ImageCell.centred(sixel, in: CellRect(row: 3, column: 10, rows: 4, columns: 16), thumbnail: url)
        // Then it covers 12×4 cells two columns in
        #expect(rect == CellRect(row: 3, column: 12, rows: 4, columns: 12))
    }

    @Test func aSixelWithoutRasterAttributesAndTextArtFillTheBox() throws {
        let box = ThumbnailBox(columns: 16, rows: 4, mode: .sixel)
        let url = ThumbnailURL(source: try #require(URL(string: "asset://?id=p-80c68192")), box: box).url
        let whole = CellRect(row: 0, column: 0, rows: 4, columns: 16)
        #expect(ImageCell.centred(.sixel(Data("\u{1B}P0;0;0q#0;2;0;0;0-\u{1B}\\".utf8)), in: whole, thumbnail: url) == whole)
        #expect(ImageCell.centred(.text([Data("ab".utf8)]), in: whole, thumbnail: url) == whole)
        let cells = try #require(SixelRaster.cells(of: Data("\u{1B}P0;1;0q\"1;1;97;61".utf8), cellWidth: 8, cellHeight: 16))
        #expect(cells.columns == 13 && cells.rows == 4)
    }
}
