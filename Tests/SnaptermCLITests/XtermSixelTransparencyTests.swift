// XtermSixelTransparencyTests: a PNG with alpha drawn by `snapterm render` in a real xterm (VT340, sixel) keeps
// xterm's white background where it is transparent — no black box — checked on a screenshot.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TermShot.isAvailable, "needs Xvfb, xterm, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct XtermSixelTransparencyTests {
    @Test func givenARedDiscOnATransparentCanvasWhenRenderedInXtermThenOnlyTheDiscIsPainted() async throws {
        // Given a 300×150 PNG, transparent but for a red disc of radius 50 in its middle (made by ImageMagick)
        let folder = try TemporaryDirectory(prefix: "snapterm-xterm-alpha")
        let icon = folder.appending("disc.png")
        let made = try await OffPool.run {
            try Spawn.run("/usr/bin/convert", ["-size", "300x150", "xc:none", "-fill", "#d01010", "-draw", "circle 150,75 150,25",
                                               "PNG32:\(icon.path)"])
        }
        try #require(made.status == 0, "ImageMagick could not draw the disc: \(made.output)")
        // When snapterm renders it as sixel into 40×10 cells at column 2, row 1 of a white xterm (the cell size it
        // detects from the terminal), and the screenshot is taken once xterm has answered a DA1 sent after it
        let ready = folder.appending("ready")
        let shot = try await TermShot.capture("""
            export XDG_CACHE_HOME='\(folder.appending("cache").path)'
            '\(CommandRunner.binary.path)' render --format sixel --cols 40 --rows 10 --place 2x1 '\(icon.path)' 2>'\(folder.appending("err.txt").path)'
            \(TermShot.readyWhenDrawn(ready))
            """, name: "render-sixel-alpha", geometry: "60x16", readyFile: ready, in: folder.url)
        let errors = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "snapterm wrote to stderr: \(errors)")
        // Then what is not white in the box is the disc alone: about as tall as wide (the 2:1 picture as a
        // black box would be twice as wide as tall), red at its middle; the picture's top-left corner,
        // transparent, shows the white background. Cells are measured from the window, not assumed.
        let grid = try await TermShot.grid(of: shot, geometry: "60x16")
        let box = grid.crop(row: 1, column: 2, rows: 10, columns: 40)
        let disc = try #require(try await TermShot.contentBox(of: shot, crop: box, background: "white"), "nothing drawn in the box")
        #expect(disc.width > 20 && abs(disc.width - disc.height) <= max(4, disc.height / 8),
                "the painted part is \(disc.width)×\(disc.height) px: the transparent canvas was painted too")
        let middle = try await TermShot.meanColour(of: shot, crop: "6x6+\(disc.x + disc.width / 2 - 3)+\(disc.y + disc.height / 2 - 3)")
        #expect(middle.red > 150 && middle.green < 80 && middle.blue < 80, "the disc's middle is \(middle)")
        let corner = try await TermShot.meanColour(of: shot, crop: grid.crop(row: 1, column: 2, rows: 1, columns: 2, inset: 1))
        #expect(corner.red > 240 && corner.green > 240 && corner.blue > 240, "the transparent corner is \(corner), not white")
    }
}
