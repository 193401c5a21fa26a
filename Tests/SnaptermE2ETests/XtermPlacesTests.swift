// In a real sixel terminal (xterm VT340 under Xvfb): the places list shows a map thumbnail beside every row.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TermShot.isAvailable, "needs Xvfb, xterm, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct XtermPlacesTests {
    @Test func everyVisibleRowShowsAMapThumbnail() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-xterm")
        let root = CommandRunner.repositoryRoot.path
        let geometry = "120x42"
        let shot = try await TermShot.capture("""
            export XDG_CACHE_HOME='\(folder.appending("cache").path)' XDG_DATA_HOME='\(folder.appending("data").path)'
            export SNAPTERM_DATA='\(root)/assets' LANG=C.UTF-8
            exec '\(CommandRunner.binary.path)' 2>'\(folder.appending("err.txt").path)'
            """, name: "places-sixel", geometry: geometry, in: folder.url) { shot in
            try await PlacesListShot.everyThumbnailDrawn(shot, geometry: geometry)
        }
        let errors = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "snapterm wrote to stderr: \(errors)")
        // The cells as this machine's font makes them (xterm's `fixed` is 6×13), measured from the window;
        // thumbnails are 26×6 cells, one list row every 7 terminal rows starting below the header.
        // A map has many colours; a blank cell area has one.
        let grid = try await TermShot.grid(of: shot, geometry: geometry)
        for row in 0..<5 {
            let colours = try await TermShot.distinctColours(of: shot, crop: grid.crop(row: 1 + 7 * row, column: 0, rows: 6, columns: 25, inset: 4))
            #expect(colours > 20, "row \(row)'s thumbnail has \(colours) colours: blank?")
        }
        let rightMargin = try await TermShot.distinctColours(of: shot, crop: grid.crop(row: 5, column: 100, rows: 23, columns: 16))
        #expect(rightMargin <= 2, "the empty right side stays empty (\(rightMargin) colours)")
    }
}
