// In xterm (sixel) the places list scrolls with the terminal's scroll region: after 50 rows down and back
// every thumbnail is the one it had, in its place, and nothing is left over the header or beside the text.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TermShot.isAvailable, "needs Xvfb, xterm, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct XtermScrollRegionTests {
    private func script(_ folder: TemporaryDirectory, keys: String) -> String {
        """
        export XDG_CACHE_HOME='\(folder.appending("cache").path)' XDG_DATA_HOME='\(folder.appending("data").path)'
        export SNAPTERM_DATA='\(CommandRunner.repositoryRoot.path)/assets' LANG=C.UTF-8
        exec '\(CommandRunner.binary.path)' --keys '\(keys)' 2>>'\(folder.appending("err.txt").path)'
        """
    }

    @Test func fiftyRowsDownAndBackLeaveEveryPictureBesideItsRow() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-xterm-scroll")
        let geometry = "120x42"
        // Each screenshot is the first that shows the state its keys lead to (polled, not after a fixed wait): a first
        // run fills the caches; then the list as it opens, settled (no text-art stand-in left); then three steps
        // down; then back where it opened
        _ = try await TermShot.capture(script(folder, keys: "Down Up"), name: "places-sixel-cold", geometry: geometry,
                                       in: folder.url, until: PlacesListShot.settled(geometry: geometry))
        let opened = try await TermShot.capture(script(folder, keys: "Down Up"), name: "places-sixel-open", geometry: geometry,
                                                in: folder.url, until: PlacesListShot.settled(geometry: geometry))
        let down = try await TermShot.capture(script(folder, keys: "Down*7"), name: "places-sixel-down", geometry: geometry,
                                              in: folder.url) { shot in
            guard try await PlacesListShot.everyThumbnailDrawn(shot, geometry: geometry) else { return false }
            return try await PlacesListShot.sameThumbnails(opened, rows: [3], shot, rows: [0], geometry: geometry)
        }
        let returned = try await TermShot.capture(script(folder, keys: "Down*50 Up*50"), name: "places-sixel-back",
                                                  geometry: geometry, in: folder.url) { shot in
            try await PlacesListShot.sameThumbnails(opened, rows: Array(0..<5), shot, rows: Array(0..<5), geometry: geometry)
        }
        let errors = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "snapterm wrote to stderr: \(errors)")
        // The cells as this machine's font makes them, measured from the window; 26×6-cell thumbnails
        // every 7 rows below the header (crops a few pixels inside each)
        let grid = try await TermShot.grid(of: opened, geometry: geometry)
        func thumbnail(_ row: Int) -> String { PlacesListShot.thumbnail(row, in: grid) }
        for row in 0..<5 {
            let crop = thumbnail(row)
            #expect(try await TermShot.distinctColours(of: down, crop: crop) > 20, "row \(row) blank after scrolling two rows")
            let changed = try await TermShot.differingPixels(opened, at: crop, returned, at: crop)
            #expect(changed == 0, "row \(row)'s thumbnail differs in \(changed) pixels after 50 rows down and back")
        }
        // After three scroll steps (Down*7 with five rows visible) the top thumbnail of `down` is the
        // fourth place, which `opened` shows in its fourth row: the same pixels, moved by the terminal
        let moved = try await TermShot.differingPixels(opened, at: thumbnail(3), down, at: thumbnail(0))
        #expect(moved == 0, "top row after scrolling differs from the fourth row before in \(moved) pixels")
        // The header row carries no picture remnant, and the right side stays empty
        #expect(try await TermShot.distinctColours(of: returned, crop: grid.crop(row: 0, column: 0, rows: 1, columns: 116, inset: 1)) <= 4)
        #expect(try await TermShot.distinctColours(of: down, crop: grid.crop(row: 5, column: 100, rows: 23, columns: 16)) <= 2)
    }
}
