// In a real kitty terminal (kitty 0.26 under Xvfb): `snapterm render` of an animated GIF larger than a grid
// thumbnail plays it. Its frames go in several chunks; kitty took a later chunk without `a=f` for another image's
// data, and the picture jumped to its last frame and stayed there (the grid's small thumbnails, one chunk each,
// played).
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: KittyShot.isAvailable, "needs Xvfb, kitty, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct KittyRenderAnimationPlaysTests {
    @Test func aLargeAnimatedGIFRenderedInKittyChangesFromFrameToFrame() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-render-anim")
        // Given the shipped GIF of four photos, a second each, rendered 40 cells wide (frames of several chunks)
        let gif = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/animated-samples.gif")
        let script = """
            export XDG_CACHE_HOME='\(folder.appending("cache").path)' LANG=C.UTF-8
            '\(CommandRunner.binary.path)' render --format kitty --cols 40 --rows 14 '\(gif.path)' 2>'\(folder.appending("err.txt").path)'
            exec sleep 60
            """
        // When the screen is shot five times, 0.6 s apart, once the picture has had time to show
        let shots = try await KittyShot.captureSeries(script, name: "render-anim", geometry: "80x24", wait: 6, count: 5,
                                                      every: .milliseconds(600), in: folder.url)
        let grid = try await KittyShot.grid(of: shots[0], geometry: "80x24")
        let picture = grid.crop(row: 0, column: 0, rows: 12, columns: 38, inset: 2)
        // Then the picture is there, and it changed while it was watched: another frame (more than one second)
        #expect(try await TermShot.distinctColours(of: shots[0], crop: picture) > 20, "no picture")
        var changes = 0
        for later in shots.dropFirst() where try await TermShot.differingPixels(shots[0], at: picture, later, at: picture) > 1000 {
            changes += 1
        }
        #expect(changes > 0, "the same frame over 2.4 s of a GIF of 1 s frames")
        let errors = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "\(errors)")
    }
}
