// TmuxFallbackTests: inside tmux (no sixel: DA1 answers `?1;2c`) `snapterm render` auto-detects text art.
import Foundation
import TestSupport
import Testing

@Suite struct TmuxFallbackTests {
    static var tmuxPresent: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    @Test(.enabled(if: tmuxPresent, "needs tmux"))
    func renderInsideTmuxFallsBackToSymbols() async throws {
        let folder = try TemporaryDirectory()
        let socket = "snapterm-render-\(UUID().uuidString.prefix(8))"
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg")
        let stats = folder.appending("stats.txt")
        let command = "SNAPTERM_FILE_ROOTS='\(CommandRunner.repositoryRoot.path)' XDG_CACHE_HOME='\(folder.appending("cache").path)' "
            + "'\(CommandRunner.binary.path)' render --stats --cols 30 --rows 8 '\(photo.absoluteString)' 2>'\(stats.path)'; sleep 30"
        defer { _ = try? Self.tmux(["-L", socket, "kill-server"]) }
        _ = try await OffPool.run {
            // posix_spawn with an empty signal mask: the tmux server must not inherit the runner's blocked signals.
            try RealTerminalTests.runUnblocked("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", command],
                                               environment: ["PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())", "TERM=xterm-256color", "LANG=C.UTF-8"])
        }
        // Wait for the stats line (written before the picture), then read the screen.
        var screen = ""
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(100))
            screen = try await OffPool.run { try Self.tmux(["-L", socket, "capture-pane", "-p"]) }
            if screen.contains("▀") || screen.contains("▄") || screen.contains("█") || screen.split(separator: "\n").count > 4 { break }
        }
        let errors = (try? String(contentsOf: stats, encoding: .utf8)) ?? ""
        #expect(errors.contains("mode=symbols") && errors.contains("multiplexer=tmux"), "\(errors)")
        #expect(!screen.contains("Pq"), "sixel bytes reached tmux")
        #expect(screen.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count >= 4, "\(screen)")
    }

    /// Runs a tmux client command and returns what it printed.
    static func tmux(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "TERM": "xterm-256color", "LANG": "C.UTF-8"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }
}
