// KittyShot: a real kitty-graphics terminal for tests — kitty under Xvfb, screenshotted to PNG.
import Foundation

/// Runs a shell script inside kitty (software OpenGL) under Xvfb with `scripts/tools/kitty-shot`,
/// so tests can check what a kitty user sees. Debian 12's kitty 0.26 draws transmitted images and
/// placements; it does not draw Unicode placeholders (0.28+).
public enum KittyShot {
    /// The screenshot tool shipped in the repository.
    public static let tool = CommandRunner.repositoryRoot.appendingPathComponent("scripts/tools/kitty-shot")

    /// Whether Xvfb, kitty, ImageMagick and x11-utils are installed (scripts/common.sh installs them).
    public static var isAvailable: Bool {
        ["/usr/bin/Xvfb", "/usr/bin/kitty", "/usr/bin/import", "/usr/bin/xwininfo", "/usr/bin/compare"]
            .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The cells of a `geometry` kitty's screenshot (no padding), measured from its size (off the cooperative pool).
    public static func grid(of shot: URL, geometry: String) async throws -> ScreenGrid {
        try await OffPool.run { try ScreenGrid(screenshot: shot, geometry: geometry, border: 0) }
    }

    /// Writes `script` to `folder`, runs it in a `geometry` kitty for `wait` seconds and returns the
    /// screenshot. `$SNAPTERM_KEEP_SCREENSHOT` (a folder) keeps a copy named `name.png`.
    public static func capture(_ script: String, name: String, geometry: String = "80x24", wait: Int = 4,
                               in folder: URL) async throws -> URL {
        try await TermShot.capture(using: tool, script, name: name, geometry: geometry, wait: wait, in: folder)
    }

    /// Screenshots of `script` in kitty, one after another, until one `shows` the state the test waits for: that one,
    /// else after `timeout` the last one, for the test's checks to fail on. With `readyFile`, the first is taken
    /// once `script` has made it.
    public static func capture(_ script: String, name: String, geometry: String = "80x24", readyFile: URL? = nil,
                               timeout: Duration = .seconds(120), in folder: URL,
                               until shows: @escaping @Sendable (URL) async throws -> Bool) async throws -> URL {
        try await ScreenshotPoll.capture(using: tool, script, name: name, geometry: geometry, readyFile: readyFile,
                                         timeout: timeout, in: folder, until: shows)
    }

    /// Like `capture`, then `count - 1` more screenshots `every` apart (what plays over time): all of them, in order.
    /// With `readyFile`, the first screenshot is taken once `script` has created it (a state, not a time).
    public static func captureSeries(_ script: String, name: String, geometry: String = "80x24", wait: Int = 4,
                                     readyFile: URL? = nil, count: Int, every: Duration, in folder: URL) async throws -> [URL] {
        let seconds = Double(every.components.seconds) + Double(every.components.attoseconds) / 1e18
        let first = try await TermShot.capture(using: tool, script, name: name, geometry: geometry, wait: wait,
                                               settings: ["SHOTS=\(count)", "EVERY=\(seconds)"], ready: readyFile, in: folder)
        return [first] + (2...max(2, count)).prefix(max(0, count - 1)).map { folder.appendingPathComponent("\(name)-\($0).png") }
    }
}
