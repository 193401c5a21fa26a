// CellGeometryTests: pictures fill whole cells; sixel keeps the whole picture in heights of whole bands that never spill a row.
import TerminalGraphics
import Testing

@Suite struct CellGeometryTests {
    @Test func aLandscapePhotoFillsTheBoxWidthInWholeCells() throws {
        // 720×477 into 30×10 cells of 8×16: width-bound, 240×159 → 30×10 cells; sixel keeps the whole
        // picture in whole bands: 156 rows and the width of that aspect, 235 (not 240 with 3 rows cropped)
        let geometry = try CellGeometry(imageWidth: 720, imageHeight: 477, columns: 30, rows: 10,
                                        cellWidth: 8, cellHeight: 16, mode: .sixel)
        #expect(geometry.columns == 30 && geometry.rows == 10)
        #expect(geometry.pixelWidth == 235)
        #expect(geometry.pixelHeight == 156)
        let kitty = try CellGeometry(imageWidth: 720, imageHeight: 477, columns: 30, rows: 10,
                                     cellWidth: 8, cellHeight: 16, mode: .kitty)
        #expect(kitty.pixelWidth == 240 && kitty.pixelHeight == 160)
    }

    @Test(arguments: [(1920, 1280), (600, 400), (2560, 1600), (1411, 1411), (1000, 100)])
    func aSixelPictureKeepsItsAspectUncropped(imageWidth: Int, imageHeight: Int) throws {
        for (columns, rows) in [(30, 10), (75, 25), (112, 37), (20, 20)] {
            let geometry = try CellGeometry(imageWidth: imageWidth, imageHeight: imageHeight, columns: columns, rows: rows,
                                            cellWidth: 8, cellHeight: 16, mode: .sixel)
            // Within one pixel of the picture's aspect at the drawn width
            let exactHeight = Double(imageHeight) * Double(geometry.pixelWidth) / Double(imageWidth)
            #expect(abs(exactHeight - Double(geometry.pixelHeight)) <= 1 + Double(imageHeight) / Double(imageWidth),
                    "\(imageWidth)×\(imageHeight) in \(columns)×\(rows): \(geometry.pixelWidth)×\(geometry.pixelHeight)")
            #expect(geometry.pixelWidth <= geometry.columns * 8 && geometry.pixelHeight <= geometry.rows * 16)
        }
    }

    @Test(arguments: [(6, 13), (8, 16), (9, 18), (10, 20), (7, 15)])
    func sixelHeightIsAMultipleOfSixWithinTheCells(cellWidth: Int, cellHeight: Int) throws {
        for rows in 1...12 {
            let geometry = try CellGeometry(imageWidth: 100, imageHeight: 1000, columns: 40, rows: rows,
                                            cellWidth: cellWidth, cellHeight: cellHeight, mode: .sixel)
            #expect(geometry.pixelHeight % 6 == 0)
            #expect(geometry.pixelHeight <= geometry.rows * cellHeight)
            #expect(geometry.pixelWidth <= geometry.columns * cellWidth)
        }
    }

    @Test func aTallImageIsNarrowButNeverEmpty() throws {
        let geometry = try CellGeometry(imageWidth: 10, imageHeight: 5000, columns: 30, rows: 10,
                                        cellWidth: 8, cellHeight: 16, mode: .symbols)
        #expect(geometry.columns == 1 && geometry.rows == 10)
        #expect(geometry.pixelHeight == 160)
    }

    @Test(arguments: [GraphicsMode.kitty, .sixel, .symbols])
    func aSmallIconIsEnlargedAtMostFourTimesNotToTheBox(mode: GraphicsMode) throws {
        // A 16×16 icon in a full screen of 200×50 cells of 8×16: 64×64 pixels, 8×4 cells — not 800×800
        let geometry = try CellGeometry(imageWidth: 16, imageHeight: 16, columns: 200, rows: 50,
                                        cellWidth: 8, cellHeight: 16, mode: mode)
        #expect(geometry.columns == 8 && geometry.rows == 4, "\(geometry)")
        #expect(geometry.pixelWidth <= 64 && geometry.pixelHeight <= 64, "\(geometry)")
    }

    @Test func aPictureThatFitsWithinFourTimesStillFillsTheBox() throws {
        // 100×100 in 40×20 cells (320×320 pixels): 3.2×, the box limits, not the upscale
        let geometry = try CellGeometry(imageWidth: 100, imageHeight: 100, columns: 40, rows: 20,
                                        cellWidth: 8, cellHeight: 16, mode: .kitty)
        #expect(geometry.columns == 40 && geometry.rows == 20)
    }

    @Test func emptyBoxesAreRejected() {
        #expect(throws: TerminalGraphicsError.self) {
            try CellGeometry(imageWidth: 10, imageHeight: 10, columns: 0, rows: 1, cellWidth: 8, cellHeight: 16, mode: .ascii)
        }
    }
}
