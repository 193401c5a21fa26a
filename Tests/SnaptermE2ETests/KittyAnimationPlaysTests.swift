// In a real kitty terminal (kitty 0.26 under Xvfb): what `render` sends for an animated WebP is played by kitty
// itself after `render` has exited — the WebP of a red, a green and a blue frame that plays twice ends on blue;
// with --no-animate its first frame, red, stays.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: KittyShot.isAvailable, "needs Xvfb, kitty, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct KittyAnimationPlaysTests {
    private let webp = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/three-frames-16x16.webp").path

    typealias Colour = (red: Int, green: Int, blue: Int)

    /// The mean colour of the picture's top-left cells after `render` with `flags` ran in kitty — once `expected` holds,
    /// or after the longest wait.
    private func colourAfterRender(_ flags: String, name: String, expected: (Colour) -> Bool) async throws -> Colour {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-animation")
        let script = """
            export XDG_CACHE_HOME='\(folder.appending("cache").path)' LANG=C.UTF-8
            '\(CommandRunner.binary.path)' render --format kitty --cols 10 --rows 5 \(flags) '\(webp)' 2>>'\(folder.appending("err.txt").path)'
            """
        let geometry = "40x12"
        var colour: Colour = (0, 0, 0)
        // A loaded machine may not have drawn anything yet (kitty's black), or not played it to its end: then
        // again with a longer wait. A terminal that never played it stays on red; one that ignored --no-animate on blue.
        for wait in [6, 15, 30] where !expected(colour) {
            let shot = try await KittyShot.capture(script, name: name, geometry: geometry, wait: wait, in: folder.url)
            let grid = try await KittyShot.grid(of: shot, geometry: geometry)
            colour = try await TermShot.meanColour(of: shot, crop: grid.crop(row: 0, column: 0, rows: 2, columns: 2, inset: 2))
        }
        let errors = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "snapterm wrote to stderr: \(errors)")
        return colour
    }

    @Test func givenAnAnimationThatPlaysTwiceWhenRenderedThenKittyEndsOnItsLastFrame() async throws {
        let blue = { (colour: Colour) in colour.blue > 200 && colour.red < 60 && colour.green < 60 }
        let colour = try await colourAfterRender("", name: "kitty-animation-played", expected: blue)
        #expect(blue(colour), "\(colour)")
    }

    @Test func givenNoAnimateWhenRenderedThenKittyShowsTheFirstFrame() async throws {
        let red = { (colour: Colour) in colour.red > 200 && colour.green < 60 && colour.blue < 60 }
        let colour = try await colourAfterRender("--no-animate", name: "kitty-animation-still", expected: red)
        #expect(red(colour), "\(colour)")
    }
}
