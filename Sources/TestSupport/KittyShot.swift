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

    /// Writes `script` to `folder`, runs it in a `geometry` kitty for `wait` seconds and returns the
    /// screenshot. `$SNAPTERM_KEEP_SCREENSHOT` (a folder) keeps a copy named `name.png`.
    public static func capture(_ script: String, name: String, geometry: String = "80x24", wait: Int = 4,
                               in folder: URL) async throws -> URL {
        try await OffPool.run { try TermShot.oneAtATime.withLock { try captureAlone(script, name: name, geometry: geometry, wait: wait, in: folder) } }
    }

    private static func captureAlone(_ script: String, name: String, geometry: String, wait: Int, in folder: URL) throws -> URL {
        let scriptFile = folder.appendingPathComponent("\(name).sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let shot = folder.appendingPathComponent("\(name).png")
        let result = try Spawn.run("/usr/bin/env", ["WAIT=\(wait)", tool.path, shot.path, geometry, "--", "/bin/sh", scriptFile.path])
        guard result.status == 0 else { throw SpawnError(description: "kitty-shot failed: \(result.output)") }
        if let keep = ProcessInfo.processInfo.environment["SNAPTERM_KEEP_SCREENSHOT"] {
            let copy = URL(fileURLWithPath: keep).appendingPathComponent("\(name).png")
            try? FileManager.default.removeItem(at: copy)
            try? FileManager.default.copyItem(at: shot, to: copy)
        }
        return shot
    }

    /// Pixels that differ between the same crop (`WxH+X+Y`) of two PNGs, counted by ImageMagick.
    public static func differingPixels(_ first: URL, _ second: URL, crop: String) throws -> Int {
        let result = try Spawn.run("/usr/bin/compare", ["-metric", "AE", "\(first.path)[\(crop)]", "\(second.path)[\(crop)]", "null:"])
        return Int(Double(result.output.split(separator: " ").first ?? "") ?? -1)
    }
}
