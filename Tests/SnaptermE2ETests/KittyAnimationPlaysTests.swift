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

    /// A script that renders the WebP with `flags` in the top-left 10×5 cells, then makes `ready` once kitty has
    /// taken every byte of it (it answers a DA1 sent behind them).
    private func script(_ flags: String, _ folder: TemporaryDirectory, ready: URL) -> String {
        """
        export XDG_CACHE_HOME='\(folder.appending("cache").path)' LANG=C.UTF-8
        '\(CommandRunner.binary.path)' render --format kitty --cols 10 --rows 5 \(flags) '\(webp)' 2>>'\(folder.appending("err.txt").path)'
        \(TermShot.readyWhenDrawn(ready))
        """
    }

    /// The mean colour of the picture's top-left cells on `shot`.
    private func colour(of shot: URL) async throws -> Colour {
        let grid = try await KittyShot.grid(of: shot, geometry: geometry)
        return try await TermShot.meanColour(of: shot, crop: grid.crop(row: 0, column: 0, rows: 2, columns: 2, inset: 2))
    }

    private let geometry = "40x12"
    private static func red(_ colour: Colour) -> Bool { colour.red > 200 && colour.green < 60 && colour.blue < 60 }
    private static func blue(_ colour: Colour) -> Bool { colour.blue > 200 && colour.red < 60 && colour.green < 60 }

    private func expectNoErrors(in folder: TemporaryDirectory) {
        let errors = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(errors.isEmpty, "snapterm wrote to stderr: \(errors)")
    }

    @Test func givenAnAnimationThatPlaysTwiceWhenRenderedThenKittyEndsOnItsLastFrame() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-animation")
        let ready = folder.appending("ready")
        // The first screenshot on blue, from the moment kitty holds the animation: a terminal that never plays it
        // stays on red, and the last screenshot taken says so
        let shot = try await KittyShot.capture(script("", folder, ready: ready), name: "kitty-animation-played",
                                               geometry: geometry, readyFile: ready, in: folder.url) { shot in
            Self.blue(try await colour(of: shot))
        }
        let last = try await colour(of: shot)
        #expect(Self.blue(last), "\(last)")
        expectNoErrors(in: folder)
    }

    @Test func givenNoAnimateWhenRenderedThenKittyShowsTheFirstFrame() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-animation")
        let ready = folder.appending("ready")
        // Watched for 5 s from the moment kitty holds the picture (the animation plays twice in 1.2 s): red once drawn,
        // never another frame
        let shots = try await KittyShot.captureSeries(script("--no-animate", folder, ready: ready), name: "kitty-animation-still",
                                                      geometry: geometry, readyFile: ready, count: 11, every: .milliseconds(500),
                                                      in: folder.url)
        var colours: [Colour] = []
        for shot in shots { colours.append(try await colour(of: shot)) }
        #expect(colours.last.map { Self.red($0) } == true, "\(colours)")
        #expect(!colours.contains(where: { !Self.red($0) && $0.red + $0.green + $0.blue > 60 }), "another frame shown: \(colours)")
        expectNoErrors(in: folder)
    }
}
