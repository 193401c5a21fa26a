// In a real kitty terminal (kitty 0.26 under Xvfb): map thumbnails beside their rows through the kitty
// graphics protocol, and after scrolling 50 rows down and back nothing is left where it does not belong.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: KittyShot.isAvailable, "needs Xvfb, kitty, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct KittyPlacesTests {
    private func script(_ folder: TemporaryDirectory, keys: String) -> String {
        let root = CommandRunner.repositoryRoot.path
        return """
            export XDG_CACHE_HOME='\(folder.appending("cache").path)' XDG_DATA_HOME='\(folder.appending("data").path)'
            export SNAPTERM_DATA='\(root)/assets' LANG=C.UTF-8
            exec '\(CommandRunner.binary.path)' --keys '\(keys)' 2>>'\(folder.appending("err.txt").path)'
            """
    }

    @Test func thumbnailsSitBesideTheirRowsAndScrollingAwayAndBackLeavesNothingBehind() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty")
        // Given the places list in kitty (detected, not forced), first as it opens
        let geometry = "120x42"
        // Each screenshot is the first that shows the state its keys lead to (polled, not after a fixed wait; kitty
        // draws with software OpenGL, cold map renders in a debug build take seconds on a loaded machine). A first
        // run fills the caches; the list as it opens is then taken from a second, once it has settled (no text-art
        // stand-in left: a cold map shows one for as long as it renders)
        _ = try await KittyShot.capture(script(folder, keys: "Down Up"), name: "places-kitty-cold", geometry: geometry,
                                        in: folder.url, until: PlacesListShot.settled(geometry: geometry, border: 0))
        let opened = try await KittyShot.capture(script(folder, keys: "Down Up"), name: "places-kitty", geometry: geometry,
                                                 in: folder.url, until: PlacesListShot.settled(geometry: geometry, border: 0))
        // The cells as this machine's font makes them: the window's pixels over its columns and rows
        // (every screenshot is of a window of the same geometry)
        let grid = try await KittyShot.grid(of: opened, geometry: geometry)
        // Thumbnails are 26×6 cells, one list row every 7 terminal rows below the header; the crop
        // stays a few pixels inside. A map has many colours; a blank area has one.
        func thumbnail(_ row: Int) -> String { PlacesListShot.thumbnail(row, in: grid) }
        // When another run (warm caches) scrolls 50 rows down and back: the first screenshot with the list back
        // where it opened (a picture left behind or a stale one never gives that state, and the checks below fail)
        let returned = try await KittyShot.capture(script(folder, keys: "Down*50 Up*50"), name: "places-kitty-back",
                                                   geometry: geometry, in: folder.url) { shot in
            try await PlacesListShot.sameThumbnails(opened, rows: Array(0..<5), shot, rows: Array(0..<5), geometry: geometry, border: 0)
        }
        let errors = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "snapterm wrote to stderr: \(errors)")
        // Then every row's thumbnail is there
        for row in 0..<5 {
            let crop = thumbnail(row)
            let colours = try await TermShot.distinctColours(of: opened, crop: crop)
            #expect(colours > 20, "row \(row)'s thumbnail has \(colours) colours: blank?")
            // the same map in the same place after the round trip: no leftover, no stale picture
            let changed = try await TermShot.differingPixels(opened, at: crop, returned, at: crop)
            #expect(changed == 0, "row \(row)'s thumbnail differs in \(changed) pixels after scrolling back")
        }
        // Nothing beside the text (the right half, below the header) and nothing below the last row above the status line
        #expect(try await TermShot.distinctColours(of: returned, crop: grid.crop(row: 2, column: 67, rows: 33, columns: 44)) <= 2)
        #expect(try await TermShot.distinctColours(of: returned, crop: grid.crop(row: 36, column: 0, rows: 5, columns: 111)) <= 2)
    }
}
