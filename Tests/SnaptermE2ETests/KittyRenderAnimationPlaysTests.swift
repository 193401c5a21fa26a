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
        let ready = folder.appending("ready")
        let errors = folder.appending("err.txt")
        // --stats prints its line just before the picture's bytes: once it is there, the screenshots begin
        let script = """
            export XDG_CACHE_HOME='\(folder.appending("cache").path)' LANG=C.UTF-8
            ( until grep -q 'source=' '\(errors.path)' 2>/dev/null; do sleep 0.05; done; touch '\(ready.path)' ) &
            '\(CommandRunner.binary.path)' render --stats --format kitty --cols 40 --rows 14 '\(gif.path)' 2>'\(errors.path)'
            exec sleep 60
            """
        // When the screen is shot eight times, 0.6 s apart, from the moment the picture was sent
        let shots = try await KittyShot.captureSeries(script, name: "render-anim", geometry: "80x24", readyFile: ready, count: 8,
                                                      every: .milliseconds(600), in: folder.url)
        let grid = try await KittyShot.grid(of: shots[0], geometry: "80x24")
        let picture = grid.crop(row: 0, column: 0, rows: 12, columns: 38, inset: 2)
        // Then the picture shows (kitty may draw it a moment after it arrived: the first shot that has it)…
        var shown: [URL] = []
        for shot in shots where try await TermShot.distinctColours(of: shot, crop: picture) > 20 { shown.append(shot) }
        #expect(shown.count >= 4, "no picture in \(shots.count - shown.count) of \(shots.count) shots")
        // …and it changed while it was watched: another frame (frames of one second)
        var changes = 0
        for later in shown.dropFirst() where try await TermShot.differingPixels(shown[0], at: picture, later, at: picture) > 1000 {
            changes += 1
        }
        #expect(changes > 0, "the same frame over \(shown.count) shots 0.6 s apart of a GIF of 1 s frames")
        let printed = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        let complaints = printed.split(separator: "\n").filter { !$0.hasPrefix("terminal:") && !$0.contains("source=") && !$0.hasPrefix("animation:") }
        #expect(complaints.isEmpty, "\(printed)")
    }
}
