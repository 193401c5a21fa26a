// ScreenshotPoll: screenshots of a real terminal taken one after another until one shows the state a test waits
// for — a state on screen, not a fixed wait, on a machine however loaded.
import Foundation
import SchemeLoader

/// Polls a screenshot tool (`term-shot`, `kitty-shot`) for a state: the tool keeps shooting (`SHOTS`, `EVERY`) and
/// each screenshot is checked as it comes; the first that shows the state stops the tool (`STOP`).
enum ScreenshotPoll {
    /// Runs `script` in the terminal of `tool` and returns the first screenshot for which `shows` is true, else,
    /// after `timeout`, the last one taken (the test's own checks then say what is on it). With `readyFile`, the
    /// first screenshot waits until `script` has made it.
    static func capture(using tool: URL, _ script: String, name: String, geometry: String, readyFile: URL?,
                        timeout: Duration, settings: [String] = [], in folder: URL,
                        until shows: @escaping @Sendable (URL) async throws -> Bool) async throws -> URL {
        let stop = folder.appendingPathComponent("\(name).stop")
        let every = 0.5
        let count = max(2, Int(Double(timeout.components.seconds) / every))
        func shot(_ index: Int) -> URL { folder.appendingPathComponent(index == 1 ? "\(name).png" : "\(name)-\(index).png") }
        for index in 1...count { try? FileManager.default.removeItem(at: shot(index)) }
        try? FileManager.default.removeItem(at: stop)
        let finished = Locked(false)
        let run = Task {
            try await OffPool.run {
                defer { finished.withLock { $0 = true } }
                return try TermShot.oneAtATime.withLock {
                    try TermShot.captureAlone(tool, script, name: name, geometry: geometry, wait: 1,
                                              settings: settings + ["SHOTS=\(count)", "EVERY=\(every)", "STOP=\(stop.path)"],
                                              ready: readyFile, in: folder)
                }
            }
        }
        // However the polling ends (shown, thrown), the tool stops shooting and is waited for.
        var last: URL?
        do {
            var index = 1
            while index <= count {
                let next = shot(index)
                if FileManager.default.fileExists(atPath: next.path) {
                    last = next
                    if try await shows(next) { break }
                    index += 1
                } else if finished.withLock({ $0 }) {
                    if !FileManager.default.fileExists(atPath: next.path) { break }
                } else {
                    try await Task.sleep(for: .milliseconds(100))
                }
            }
        } catch {
            FileManager.default.createFile(atPath: stop.path, contents: nil)
            _ = try? await run.value
            throw error
        }
        FileManager.default.createFile(atPath: stop.path, contents: nil)
        _ = try await run.value
        guard let last else { throw SpawnError(description: "\(tool.lastPathComponent) took no screenshot of \(name)") }
        TermShot.keep(last, as: name)
        return last
    }
}
