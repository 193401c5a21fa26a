// RealTerminalTests: `snapterm render` inside xterm (VT340, sixel) under Xvfb draws a picture, checked on a screenshot.
import Foundation
import TestSupport
import Testing

@Suite(.enabled(if: TermShot.isAvailable, "needs Xvfb, xterm, ImageMagick and x11-utils (scripts/common.sh installs them)"))
struct RealTerminalTests {
    @Test func renderDrawsASixelPictureInXterm() async throws {
        let folder = try TemporaryDirectory()
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")
        // Auto-detection must find sixel through DA1; the picture goes in the top-left 30×10 cells.
        let shot = try await TermShot.capture("""
            export SNAPTERM_FILE_ROOTS='\(CommandRunner.repositoryRoot.path)' XDG_CACHE_HOME='\(folder.appending("cache").path)'
            '\(CommandRunner.binary.path)' render --stats --cols 30 --rows 10 '\(photo.absoluteString)' 2>'\(folder.appending("err.txt").path)'
            """, name: "render-sixel", wait: 6, in: folder.url)
        let stats = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(stats.contains("mode=sixel ") && stats.contains(" sixel=true"), "auto-detection: \(stats)")
        #expect(!stats.contains("snapterm:"), "snapterm failed: \(stats)")
        // The image area (30×10 cells of xterm's 6×13 font: 180×130 px past the 2 px border) has many colours;
        // the rest of a blank xterm is one background colour.
        let colours = try TermShot.distinctColours(of: shot, crop: "170x120+4+4")
        #expect(colours > 50, "image area has only \(colours) colours: blank?")
    }
}
