// KittyPictureShapeTests: a kitty picture is placed at its own size in cells — its shape, from its pixel size and
// the terminal's cell size — centred in its box, never stretched to the whole box (the terminal scales an
// image to the cells it is placed in). Landscape, portrait and square pictures in wide and tall boxes.
import Foundation
import SnaptermUI
import TerminalGraphics
import Testing
import Thumbnails

@MainActor @Suite struct KittyPictureShapeTests {
    struct Case: Sendable, CustomStringConvertible {
        var image: (width: Int, height: Int)
        var box: (columns: Int, rows: Int)
        var cell: (width: Int, height: Int)
        var description: String { "\(image.width)×\(image.height) px in \(box.columns)×\(box.rows) cells of \(cell.width)×\(cell.height)" }
    }

    nonisolated static let cases: [Case] = [
        (width: 300, height: 100), (width: 70, height: 190), (width: 200, height: 200), (width: 1280, height: 853),
    ].flatMap { image in
        [(columns: 30, rows: 6), (columns: 8, rows: 20), (columns: 18, rows: 6)].flatMap { box in
            [(width: 9, height: 18), (width: 9, height: 20), (width: 6, height: 13)].map { Case(image: image, box: box, cell: $0) }
        }
    }

    /// The picture as the thumbnail stage encodes it for the box (its cells from `CellGeometry`), in a box at row 3, column 5.
    private func placed(_ test: Case) throws -> (PlacedPicture, CellGeometry) {
        let box = ThumbnailBox(columns: test.box.columns, rows: test.box.rows, cellWidth: test.cell.width, cellHeight: test.cell.height, mode: .kitty)
        let geometry = try box.geometry(imageWidth: test.image.width, imageHeight: test.image.height)
        let rect = CellRect(row: 3, column: 5, rows: test.box.rows, columns: test.box.columns)
        let picture = PlacedPicture(rect: rect, identity: "thumb://\(test)",
                                    picture: .kitty(png: Data([1, 2, 3]), columns: geometry.columns, rows: geometry.rows))
        return (picture, geometry)
    }

    @Test(arguments: cases)
    func thePictureKeepsItsShapeAndSitsInTheMiddleOfItsBox(_ test: Case) throws {
        let (picture, _) = try placed(test)
        let covered = picture.coveredRect
        // Its shape: within half a cell of the picture fitted into the box, each way, filling the box one way
        let scale = min(Double(test.box.columns * test.cell.width) / Double(test.image.width),
                        Double(test.box.rows * test.cell.height) / Double(test.image.height))
        let fittedWidth = Double(test.image.width) * scale, fittedHeight = Double(test.image.height) * scale
        #expect(abs(Double(covered.columns * test.cell.width) - fittedWidth) <= Double(test.cell.width) / 2 + 0.001)
        #expect(abs(Double(covered.rows * test.cell.height) - fittedHeight) <= Double(test.cell.height) / 2 + 0.001)
        #expect(covered.columns == test.box.columns || covered.rows == test.box.rows, "fills the box one way")
        // In the middle: the spare cells split evenly, an odd one below or to the right
        let left = covered.column - 5, right = 5 + test.box.columns - covered.column - covered.columns
        let top = covered.row - 3, bottom = 3 + test.box.rows - covered.row - covered.rows
        #expect(left >= 0 && right >= 0 && top >= 0 && bottom >= 0)
        #expect(right - left == 0 || right - left == 1, "across: \(left) left, \(right) right")
        #expect(bottom - top == 0 || bottom - top == 1, "down: \(top) above, \(bottom) below")
    }

    @Test(arguments: cases)
    func kittyPlacesItAtItsOwnCellsNotTheBox(_ test: Case) throws {
        let (picture, geometry) = try placed(test)
        let placer = KittyPlacer(ids: KittyImageIDs(start: 7))
        let bytes = String(decoding: placer.frame([picture]).bytes, as: UTF8.self)
        // Then the cursor goes to the covered rectangle's corner and the placement names the picture's cells
        let covered = picture.coveredRect
        #expect(bytes.contains("\u{1B}[\(covered.row + 1);\(covered.column + 1)H\u{1B}_Ga=p,i=7,p=1,c=\(geometry.columns),r=\(geometry.rows),C=1"),
                "\(bytes.debugDescription)")
    }

    @Test(arguments: cases.filter { $0.box.columns <= KittyPlaceholder.maximumCells && $0.box.rows <= KittyPlaceholder.maximumCells })
    func placeholdersCoverItsOwnCellsNotTheBox(_ test: Case) throws {
        let (picture, geometry) = try placed(test)
        let frame = KittyPlaceholderPlacer(ids: KittyImageIDs(start: 7)).frame([picture])
        // Then the virtual placement and the placeholder text are the picture's cells, centred in the box
        #expect(String(decoding: frame.bytes, as: UTF8.self).contains("a=p,U=1,i=7,c=\(geometry.columns),r=\(geometry.rows),"))
        guard case .text(let lines) = frame.pictures[0].picture else { Issue.record("not placeholder text"); return }
        #expect(lines.count == geometry.rows)
        #expect(frame.pictures[0].rect == picture.coveredRect)
    }

    @Test func centringCutsAPictureLargerThanItsBoxToTheBox() {
        let box = CellRect(row: 2, column: 4, rows: 5, columns: 10)
        #expect(box.centred(columns: 10, rows: 5) == box)
        #expect(box.centred(columns: 4, rows: 5) == CellRect(row: 2, column: 7, rows: 5, columns: 4))
        #expect(box.centred(columns: 3, rows: 2) == CellRect(row: 3, column: 7, rows: 2, columns: 3))
        #expect(box.centred(columns: 40, rows: 0) == CellRect(row: 4, column: 4, rows: 1, columns: 10))
    }

    @Test func otherPicturesAreDrawnFromTheBoxCorner() {
        let box = CellRect(row: 2, column: 4, rows: 5, columns: 10)
        #expect(PlacedPicture(rect: box, identity: "s", picture: .sixel(Data("x".utf8))).coveredRect == box)
        #expect(PlacedPicture(rect: box, identity: "t", picture: .text([Data("x".utf8)])).coveredRect == box)
    }
}
