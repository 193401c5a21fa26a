// TermShot: a real sixel terminal for tests — xterm (VT340) under Xvfb, screenshotted to PNG.
import Foundation

/// Runs a shell script inside xterm under Xvfb with `scripts/tools/term-shot` and measures the
/// screenshot with ImageMagick, so tests can check what a user would see.
public enum TermShot {
    /// The screenshot tool shipped in the repository.
    public static let tool = CommandRunner.repositoryRoot.appendingPathComponent("scripts/tools/term-shot")

    /// Whether Xvfb, xterm, ImageMagick and x11-utils are installed (scripts/common.sh installs them).
    public static var isAvailable: Bool {
        ["/usr/bin/Xvfb", "/usr/bin/xterm", "/usr/bin/import", "/usr/bin/xwininfo", "/usr/bin/convert"]
            .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Writes `script` to `folder`, runs it in a `geometry` xterm for `wait` seconds and returns the
    /// screenshot. `$SNAPTERM_KEEP_SCREENSHOT` (a folder) keeps a copy named `name.png`.
    public static func capture(_ script: String, name: String, geometry: String = "80x24", wait: Int = 3,
                               in folder: URL) async throws -> URL {
        // Off the cooperative pool (it waits for seconds), and one at a time: term-shot's choice of a
        // free X display is not safe against a parallel run.
        try await capture(using: tool, script, name: name, geometry: geometry, wait: wait, in: folder)
    }

    /// Like `capture(_:name:geometry:wait:in:)`, but the screenshot is taken once `script` has created
    /// `readyFile` (a state the script reached, such as xterm's answer to `readyWhenDrawn`), not after a time.
    public static func capture(_ script: String, name: String, geometry: String = "80x24", readyFile: URL,
                               in folder: URL) async throws -> URL {
        try await OffPool.run {
            try oneAtATime.withLock {
                try captureAlone(tool, script, name: name, geometry: geometry, wait: 0, ready: readyFile, in: folder)
            }
        }
    }

    /// Screenshots of `script` in xterm, one after another, until one `shows` the state the test waits for (a picture
    /// drawn, a scroll finished): that one, else after `timeout` the last one, for the test's checks to fail on.
    /// With `readyFile`, the first is taken once `script` has made it; `settings` are more of term-shot's knobs
    /// (`XTERM_EXTRA=…`).
    public static func capture(_ script: String, name: String, geometry: String = "80x24", readyFile: URL? = nil,
                               timeout: Duration = .seconds(120), settings: [String] = [], in folder: URL,
                               until shows: @escaping @Sendable (URL) async throws -> Bool) async throws -> URL {
        try await ScreenshotPoll.capture(using: tool, script, name: name, geometry: geometry, readyFile: readyFile,
                                         timeout: timeout, settings: settings, in: folder, until: shows)
    }

    /// Shell lines (sh) that return once xterm has taken every byte written before them — it answers a DA1
    /// query only after parsing all that came first — and then create `readyFile`.
    public static func readyWhenDrawn(_ readyFile: URL) -> String {
        """
        stty raw -echo min 1
        printf '\\033[c'
        until [ "$(dd bs=1 count=1 2>/dev/null)" = c ]; do :; done
        stty sane
        touch '\(readyFile.path)'
        """
    }

    /// The cells of a `geometry` xterm's screenshot (2 px internal border), measured from its size (off the cooperative pool).
    public static func grid(of shot: URL, geometry: String) async throws -> ScreenGrid {
        try await OffPool.run { try ScreenGrid(screenshot: shot, geometry: geometry, border: 2) }
    }

    /// `capture` with another screenshot tool of the same interface (`kitty-shot`).
    static func capture(using tool: URL, _ script: String, name: String, geometry: String, wait: Int,
                        settings: [String] = [], ready: URL? = nil, in folder: URL) async throws -> URL {
        try await OffPool.run {
            try oneAtATime.withLock {
                try captureAlone(tool, script, name: name, geometry: geometry, wait: wait, settings: settings, ready: ready, in: folder)
            }
        }
    }

    /// One screenshot tool at a time (xterm and kitty share it): each starts an X server and a terminal.
    static let oneAtATime = NSLock()

    static func captureAlone(_ tool: URL, _ script: String, name: String, geometry: String, wait: Int,
                             settings: [String] = [], ready: URL? = nil, in folder: URL) throws -> URL {
        let scriptFile = folder.appendingPathComponent("\(name).sh")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let shot = folder.appendingPathComponent("\(name).png")
        // Run through /bin/sh rather than exec the script: a child spawned by another test at the moment
        // the script was written may hold it open for writing, and exec would fail with "Text file busy".
        let arguments = ["WAIT=\(wait)"] + settings + (ready.map { ["READY=\($0.path)"] } ?? [])
            + [tool.path, shot.path, geometry, "--", "/bin/sh", scriptFile.path]
        if let ready { try? FileManager.default.removeItem(at: ready) }
        var result = try Spawn.run("/usr/bin/env", arguments)
        // Under a full suite the terminal itself (not the program in it: the tools run it with -hold)
        // has once died before the screenshot, or not mapped its window in time; a fresh X server and
        // terminal are tried once more.
        if result.status != 0, result.output.contains("exited early") || result.output.contains("window") {
            if let ready { try? FileManager.default.removeItem(at: ready) }
            result = try Spawn.run("/usr/bin/env", arguments)
        }
        guard result.status == 0 else { throw SpawnError(description: "\(tool.lastPathComponent) failed: \(result.output)") }
        keep(shot, as: name)
        return shot
    }

    /// A copy of `shot` named `name.png` in the folder `$SNAPTERM_KEEP_SCREENSHOT`, when it is set.
    static func keep(_ shot: URL, as name: String) {
        guard let keep = ProcessInfo.processInfo.environment["SNAPTERM_KEEP_SCREENSHOT"] else { return }
        let copy = URL(fileURLWithPath: keep).appendingPathComponent("\(name).png")
        try? FileManager.default.removeItem(at: copy)
        try? FileManager.default.copyItem(at: shot, to: copy)
    }

    /// Pixels that differ between a crop (`WxH+X+Y`) of one PNG and a crop of the same size of another,
    /// counted by ImageMagick (-1 when it gives no count).
    public static func differingPixels(_ first: URL, at firstCrop: String, _ second: URL, at secondCrop: String) async throws -> Int {
        let result = try await imageMagick("/usr/bin/compare", ["-metric", "AE", "\(first.path)[\(firstCrop)]", "\(second.path)[\(secondCrop)]", "null:"])
        return Int(Double(result.output.split(separator: " ").first ?? "") ?? -1)
    }

    /// The bounding box (`x`, `y`, `width`, `height`, in the screenshot's pixels) of what is not
    /// `background` (an ImageMagick colour: kitty's is black) in a crop (`WxH+X+Y`) of a PNG; nil when
    /// all of it is background. A picture filling the whole crop is measured too (a frame of
    /// background is put round the crop first).
    public static func contentBox(of png: URL, crop: String, background: String) async throws -> (x: Int, y: Int, width: Int, height: Int)? {
        let result = try await imageMagick("/usr/bin/convert", [png.path, "-crop", crop, "+repage", "-bordercolor", background, "-border", "1",
                                                        "-format", "%@", "info:"])
        let offset = crop.split(separator: "+").dropFirst().compactMap { Int($0) }
        let box = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
            .split(whereSeparator: { $0 == "x" || $0 == "+" }).compactMap { Int($0) }
        guard result.status == 0, box.count == 4, offset.count == 2, box[0] > 0, box[1] > 0, box[2] > 0, box[3] > 0 else { return nil }
        return (offset[0] + box[2] - 1, offset[1] + box[3] - 1, box[0], box[1])
    }

    /// Distinct colours in a crop (`WxH+X+Y`) of a PNG, counted by ImageMagick.
    public static func distinctColours(of png: URL, crop: String) async throws -> Int {
        let result = try await imageMagick("/usr/bin/convert", [png.path, "-crop", crop, "+repage", "-format", "%k", "info:"])
        return Int(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The mean colour of a crop (`WxH+X+Y`) of a PNG, 0…255 per channel, computed by ImageMagick.
    public static func meanColour(of png: URL, crop: String) async throws -> (red: Int, green: Int, blue: Int) {
        let result = try await imageMagick("/usr/bin/convert", [png.path, "-crop", crop, "+repage", "-format",
                                                        "%[fx:int(255*mean.r)],%[fx:int(255*mean.g)],%[fx:int(255*mean.b)]", "info:"])
        let channels = result.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        guard channels.count == 3 else { return (-1, -1, -1) }
        return (channels[0], channels[1], channels[2])
    }

    /// Runs an ImageMagick tool off the cooperative pool: it takes tenths of a second on a loaded machine, and
    /// the pool (two threads on two cores) is every other suite's.
    private static func imageMagick(_ path: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        try await OffPool.run { try Spawn.run(path, arguments) }
    }
}
