// RealTerminalTests: `snapterm render` inside xterm (VT340, sixel) under Xvfb draws a picture, checked on a screenshot.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TermShot.isAvailable, "needs Xvfb, xterm, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct RealTerminalTests {
    @Test func renderDrawsASixelPictureInXterm() async throws {
        let folder = try TemporaryDirectory()
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")
        // Auto-detection must find sixel through DA1; the picture goes in the top-left 30×10 cells. The screenshot
        // is taken once xterm has answered a DA1 sent after the picture: it has drawn every byte of it.
        let ready = folder.appending("ready")
        let shot = try await TermShot.capture("""
            export SNAPTERM_FILE_ROOTS='\(CommandRunner.repositoryRoot.path)' XDG_CACHE_HOME='\(folder.appending("cache").path)'
            '\(CommandRunner.binary.path)' render --stats --cols 30 --rows 10 '\(photo.absoluteString)' 2>'\(folder.appending("err.txt").path)'
            \(TermShot.readyWhenDrawn(ready))
            """, name: "render-sixel", geometry: "80x24", readyFile: ready, in: folder.url)
        let stats = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(stats.contains("mode=sixel ") && stats.contains(" sixel=true"), "auto-detection: \(stats)")
        #expect(!stats.contains("snapterm:"), "snapterm failed: \(stats)")
        // The image area has many colours; the rest of a blank xterm is one background colour. The square
        // photo fills all 10 rows of the 30×10 box, and its left 14 columns for any cell at least 1.4 times
        // as tall as wide (monospace fonts are ~2); the cells are measured from the window, not assumed.
        let grid = try await TermShot.grid(of: shot, geometry: "80x24")
        let colours = try await TermShot.distinctColours(of: shot, crop: grid.crop(row: 0, column: 0, rows: 10, columns: 14, inset: 2))
        #expect(colours > 50, "image area has only \(colours) colours: blank?")
    }
}
