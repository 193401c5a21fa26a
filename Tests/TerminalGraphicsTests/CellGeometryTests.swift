// CellGeometryTests: pictures fill whole cells; sixel heights are multiples of 6 that never spill a row.
import TerminalGraphics
import Testing

@Suite struct CellGeometryTests {
    @Test func aLandscapePhotoFillsTheBoxWidthInWholeCells() throws {
        // 720×477 into 30×10 cells of 8×16: width-bound, 240×159 → 30×10 cells
        let geometry = try CellGeometry(imageWidth: 720, imageHeight: 477, columns: 30, rows: 10,
                                        cellWidth: 8, cellHeight: 16, mode: .sixel)
        #expect(geometry.columns == 30 && geometry.rows == 10)
        #expect(geometry.pixelWidth == 240)
        #expect(geometry.pixelHeight == 156)
    }

    @Test(arguments: [(6, 13), (8, 16), (9, 18), (10, 20), (7, 15)])
    func sixelHeightIsAMultipleOfSixWithinTheCells(cellWidth: Int, cellHeight: Int) throws {
        for rows in 1...12 {
            let geometry = try CellGeometry(imageWidth: 100, imageHeight: 1000, columns: 40, rows: rows,
                                            cellWidth: cellWidth, cellHeight: cellHeight, mode: .sixel)
            #expect(geometry.pixelHeight % 6 == 0)
            #expect(geometry.pixelHeight <= geometry.rows * cellHeight)
            #expect(geometry.pixelWidth == geometry.columns * cellWidth)
        }
    }

    @Test func aTallImageIsNarrowButNeverEmpty() throws {
        let geometry = try CellGeometry(imageWidth: 10, imageHeight: 5000, columns: 30, rows: 10,
                                        cellWidth: 8, cellHeight: 16, mode: .symbols)
        #expect(geometry.columns == 1 && geometry.rows == 10)
        #expect(geometry.pixelHeight == 160)
    }

    @Test func emptyBoxesAreRejected() {
        #expect(throws: TerminalGraphicsError.self) {
            try CellGeometry(imageWidth: 10, imageHeight: 10, columns: 0, rows: 1, cellWidth: 8, cellHeight: 16, mode: .ascii)
        }
    }
}
