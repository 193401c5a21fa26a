// The virtual terminal's sixel images: the cells they cover (raster attributes or counted), repeats,
// non-sixel DCS, redundant re-sends, and the scroll an image at the bottom causes.
import Foundation
import SchemeLoader
import ScrollBench
import TerminalGraphics
import Testing
import Thumbnails

@Suite struct VirtualTerminalSixelTests {
    /// 16 × 18 pixels counted from the data: three full bands of 16 columns, no raster attributes.
    static let counted = "\u{1B}P0;1;0q#0;2;100;0;0#0!16~-!16~-~~~~~~~~~~~~~~~~\u{1B}\\"

    @Test func aCountedImageCoversTheCellsOfItsPixels() {
        var terminal = VirtualTerminal(rows: 6, columns: 10, cellWidth: 8, cellHeight: 16)
        terminal.feed("\u{1B}[3;4H" + Self.counted)
        #expect(terminal.placements.count == 1)
        #expect(terminal.placements.first.map { [$0.pixelWidth, $0.pixelHeight, $0.rows, $0.columns] } == [16, 18, 2, 2])
        for row in 0..<6 {
            for column in 0..<10 {
                let inside = (2...3).contains(row) && (3...4).contains(column)
                #expect((terminal.kind(row: row, column: column) == .image) == inside, "cell \(row),\(column)")
            }
        }
    }

    @Test func rasterAttributesGiveTheSize() {
        var terminal = VirtualTerminal(rows: 6, columns: 10, cellWidth: 8, cellHeight: 16)
        terminal.feed("\u{1B}Pq\"1;1;24;16#1~\u{1B}\\")
        #expect(terminal.census(row: 0, column: 0, rows: 6, columns: 10)[.image] == 3)
        #expect(terminal.kind(row: 0, column: 2) == .image && terminal.kind(row: 1, column: 0) == .blank)
    }

    @Test func aPartialBandCountsOnlyItsPixelRows() {
        var terminal = VirtualTerminal(rows: 6, columns: 10, cellWidth: 8, cellHeight: 16)
        terminal.feed("\u{1B}Pq#0!17@-!2~-!3@\u{1B}\\")  // '@' sets the top pixel row: 17 wide, 6 + 6 + 1 = 13 tall
        #expect(terminal.placements.first.map { [$0.pixelWidth, $0.pixelHeight] } == [17, 13])
        #expect(terminal.census(row: 0, column: 0, rows: 6, columns: 10)[.image] == 3)
    }

    @Test func theSameImageSentAgainToTheSamePlaceIsRedundant() {
        var terminal = VirtualTerminal(rows: 8, columns: 10, cellWidth: 8, cellHeight: 16)
        terminal.feed("\u{1B}[1;1H" + Self.counted)
        terminal.beginFrame()
        terminal.feed("\u{1B}7\u{1B}[1;1H" + Self.counted + "\u{1B}8")
        #expect(terminal.placements.map(\.wasAlreadyShown) == [true])
        terminal.beginFrame()
        terminal.feed("\u{1B}[4;1H" + Self.counted)
        #expect(terminal.placements.map(\.wasAlreadyShown) == [false], "moved: not redundant")
        #expect(terminal.imagesDrawn == 3)
    }

    @Test func anImageReachingTheLastRowScrollsTheScreen() {
        var terminal = VirtualTerminal(rows: 4, columns: 10, cellWidth: 8, cellHeight: 16)
        terminal.feed("\u{1B}[1;8Htop\u{1B}[3;1H" + Self.counted)
        #expect(terminal.scrolledLines == 1)
        #expect(terminal.lines[0].isEmpty, "the top line scrolled away")
        #expect(terminal.kind(row: 1, column: 0) == .image && terminal.kind(row: 2, column: 0) == .image)
    }

    @Test func theSyntheticEncodersSixelCoversExactlyItsBox() throws {
        let box = ThumbnailBox(columns: 16, rows: 4, cellWidth: 8, cellHeight: 16, mode: .sixel)
        let map = try MapSnapshotURL(latitude: 59.9, longitude: 30.3, zoom: 9, width: box.pixelSize.width, height: box.pixelSize.height)
        let picture = try SyntheticEncoder().encode(SyntheticMapHandler.render(map), for: box)
        guard case .sixel(let data) = picture else { Issue.record("expected sixel"); return }
        var terminal = VirtualTerminal(rows: 10, columns: 30, cellWidth: 8, cellHeight: 16)
        terminal.feed("\u{1B}[2;3H")
        terminal.feed(data)
        #expect(terminal.census(row: 0, column: 0, rows: 10, columns: 30)[.image] == 64)
        #expect(terminal.census(row: 1, column: 2, rows: 4, columns: 16)[.image] == 64)
    }
}
