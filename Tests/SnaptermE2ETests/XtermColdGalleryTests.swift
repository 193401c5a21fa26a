// In a real sixel terminal (xterm VT340 under Xvfb): a folder gallery opened cold draws every thumbnail whole. ncurses
// cleared a "loading" text to the end of its line by writing spaces (the no-scroll terminfo has no `el`), over the
// pictures already drawn to its right: 2-row white bands in several thumbnails on 3 of 3 cold starts, while the
// status line said `blank 0/12`.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TermShot.isAvailable, "needs Xvfb, xterm, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct XtermColdGalleryTests {
    static let geometry = (columns: 100, rows: 30)
    /// Twelve solid colours (no white), in landscape and portrait shapes: any white inside a drawn one is a hole.
    static let colours = ["#C03020", "#2060C0", "#20A040", "#B0A020", "#8030A0", "#208080",
                          "#D07010", "#404040", "#A02060", "#6080A0", "#708020", "#305020"]

    @Test func aColdFolderGalleryDrawsEveryThumbnailWithoutHoles() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-xterm-cold")
        // Given a folder of twelve solid-colour pictures, some landscape and some portrait
        let pictures = folder.appending("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        for (index, colour) in Self.colours.enumerated() {
            let size = index % 3 == 1 ? "240x320" : "320x240"
            let made = try Spawn.run("/usr/bin/convert", ["-size", size, "xc:\(colour)",
                                                          pictures.appendingPathComponent(String(format: "p%02d.png", index)).path])
            try #require(made.status == 0, "convert: \(made.output)")
        }
        // When the gallery opens cold (an empty cache each time), shot once more with a longer wait while a
        // thumbnail is not drawn yet (a loaded machine)
        let geometry = "\(Self.geometry.columns)x\(Self.geometry.rows)"
        var holes: [String] = [], missing: [String] = []
        for wait in [8, 16, 32] {
            try? FileManager.default.removeItem(at: folder.appending("cache"))
            let shot = try await TermShot.capture("""
                export XDG_CACHE_HOME='\(folder.appending("cache").path)' XDG_DATA_HOME='\(folder.appending("data").path)'
                export SNAPTERM_DATA='\(CommandRunner.repositoryRoot.path)/assets' LANG=C.UTF-8
                exec '\(CommandRunner.binary.path)' '\(pictures.path)' 2>>'\(folder.appending("err.txt").path)'
                """, name: "cold-gallery-\(wait)", geometry: geometry, wait: wait, in: folder.url)
            let grid = try await TermShot.grid(of: shot, geometry: geometry)
            (holes, missing) = ([], [])
            // Thumbnails are 18×6 cells, five to a grid row (every 20 columns), a grid row every 7 terminal rows.
            for index in Self.colours.indices {
                let crop = grid.crop(row: 1 + 7 * (index / 5), column: 20 * (index % 5), rows: 6, columns: 18)
                guard let content = try await TermShot.contentBox(of: shot, crop: crop, background: "white") else {
                    missing.append("p\(index)")
                    continue
                }
                // Then inside the picture's own box there is its colour alone: no band of white (nor text)
                let inside = "\(content.width)x\(content.height)+\(content.x)+\(content.y)"
                let colours = try await TermShot.distinctColours(of: shot, crop: inside)
                if colours != 1 { holes.append("p\(index): \(colours) colours in \(inside)") }
            }
            if missing.isEmpty && holes.isEmpty { break }
        }
        #expect(missing.isEmpty, "not drawn: \(missing)")
        #expect(holes.isEmpty, "\(holes)")
    }
}
