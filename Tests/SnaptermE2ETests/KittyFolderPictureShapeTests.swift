// In a real kitty terminal (kitty 0.26 under Xvfb): a portrait picture in the folder gallery keeps its shape —
// in its grid box and full screen it covers a region of its own aspect ratio, centred, not the whole box.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: KittyShot.isAvailable, "needs Xvfb, kitty, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct KittyFolderPictureShapeTests {
    /// The picture: a tall solid-colour PNG (not a size the issue names), so its pixels are easy to find.
    static let size = (width: 70, height: 190)
    static let geometry = (columns: 80, rows: 24)

    private func script(_ folder: TemporaryDirectory, pictures: URL, keys: String) -> String {
        """
        export XDG_CACHE_HOME='\(folder.appending("cache").path)' XDG_DATA_HOME='\(folder.appending("data").path)'
        export SNAPTERM_DATA='\(CommandRunner.repositoryRoot.path)/assets' LANG=C.UTF-8
        exec '\(CommandRunner.binary.path)' --keys '\(keys)' '\(pictures.path)' 2>>'\(folder.appending("err.txt").path)'
        """
    }

    /// The first screenshot after `keys` whose cells `box` (row, column, rows, columns) show the picture drawn — centred
    /// and at least two rows high, so neither its text-art preview (which starts at the box's left edge) nor the
    /// "loading" bar (one row) — and the bounding box of the picture's pixels there. A picture never drawn that
    /// way is the last screenshot's content, for the checks to fail on.
    private func shot(_ folder: TemporaryDirectory, pictures: URL, keys: String, name: String,
                      box: (row: Int, column: Int, rows: Int, columns: Int)) async throws
        -> (grid: ScreenGrid, content: (x: Int, y: Int, width: Int, height: Int)?) {
        let geometry = "\(Self.geometry.columns)x\(Self.geometry.rows)"
        @Sendable func content(of png: URL) async throws -> (grid: ScreenGrid, content: (x: Int, y: Int, width: Int, height: Int)?) {
            let grid = try await KittyShot.grid(of: png, geometry: geometry)
            let crop = grid.crop(row: box.row, column: box.column, rows: box.rows, columns: box.columns)
            return (grid, try await TermShot.contentBox(of: png, crop: crop, background: "black"))
        }
        let png = try await KittyShot.capture(script(folder, pictures: pictures, keys: keys), name: name,
                                              geometry: geometry, in: folder.url) { png in
            let (grid, content) = try await content(of: png)
            guard let content else { return false }
            let area = grid.pixels(row: box.row, column: box.column, rows: box.rows, columns: box.columns)
            let centred = abs((content.x - area.x) - (area.x + area.width - content.x - content.width)) <= grid.cellWidth
            return centred && content.height >= 2 * grid.cellHeight
        }
        return try await content(of: png)
    }

    /// Checks that `content` has the picture's aspect ratio (to within a cell: a picture is placed in whole cells)
    /// and sits in the middle of `box` (margins on either side differ by at most one cell).
    private func expectShapeAndCentre(_ content: (x: Int, y: Int, width: Int, height: Int)?, in box: (row: Int, column: Int, rows: Int, columns: Int),
                                      grid: ScreenGrid, _ what: String) {
        guard let content else { Issue.record("\(what): no picture drawn"); return }
        let aspect = Double(Self.size.width) / Double(Self.size.height)
        let expectedWidth = Double(content.height) * aspect
        #expect(abs(Double(content.width) - expectedWidth) <= Double(grid.cellWidth),
                "\(what): \(content.width)×\(content.height) px, not the picture's \(Self.size.width):\(Self.size.height)")
        let area = grid.pixels(row: box.row, column: box.column, rows: box.rows, columns: box.columns)
        let left = content.x - area.x, right = area.x + area.width - (content.x + content.width)
        let top = content.y - area.y, bottom = area.y + area.height - (content.y + content.height)
        #expect(left >= 0 && right >= 0 && top >= 0 && bottom >= 0, "\(what): inside its box")
        #expect(abs(left - right) <= grid.cellWidth, "\(what): centred across (\(left) px left, \(right) px right)")
        #expect(abs(top - bottom) <= grid.cellHeight, "\(what): centred down (\(top) px above, \(bottom) px below)")
    }

    @Test func aPortraitPictureKeepsItsShapeInTheGridAndFullScreen() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-shape")
        // Given a folder with one tall picture
        let pictures = folder.appending("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let made = try Spawn.run("/usr/bin/convert", ["-size", "\(Self.size.width)x\(Self.size.height)", "xc:#E04030",
                                                      pictures.appendingPathComponent("tall.png").path])
        try #require(made.status == 0, "convert: \(made.output)")

        // When the gallery opens: the grid's first box is 18×6 cells below the header
        let gridBox = (row: 1, column: 0, rows: 6, columns: 18)
        let inGrid = try await shot(folder, pictures: pictures, keys: "", name: "folder-kitty-grid", box: gridBox)
        // Then the picture covers a region of its own shape in the middle of its box
        expectShapeAndCentre(inGrid.content, in: gridBox, grid: inGrid.grid, "in the grid")

        // When it is opened full screen: every row between the header and the caption, the whole width
        let screenBox = (row: 1, column: 0, rows: Self.geometry.rows - 3, columns: Self.geometry.columns)
        let full = try await shot(folder, pictures: pictures, keys: "Enter", name: "folder-kitty-full", box: screenBox)
        // Then it is as tall as the screen allows, of its own shape, in the middle — not the screen's width
        expectShapeAndCentre(full.content, in: screenBox, grid: full.grid, "full screen")
        let errors = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "snapterm wrote to stderr: \(errors)")
    }
}
