// RealTerminalTests: `snapterm render` inside xterm (VT340, sixel) under Xvfb draws a picture, checked on a screenshot.
import Foundation
import TestSupport
import Testing

@Suite struct RealTerminalTests {
    static let termShot = CommandRunner.repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/tools/term-shot")
    static var toolsPresent: Bool {
        ["/usr/bin/Xvfb", "/usr/bin/xterm", "/usr/bin/import", "/usr/bin/xwininfo", "/usr/bin/convert"]
            .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
            && FileManager.default.isExecutableFile(atPath: termShot.path)
    }

    @Test(.enabled(if: toolsPresent, "needs Xvfb, xterm, ImageMagick, x11-utils and ../shared/tools/term-shot (scripts/common.sh installs them)"))
    func renderDrawsASixelPictureInXterm() async throws {
        let folder = try TemporaryDirectory()
        let shot = folder.appending("shot.png")
        let photo = CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg")
        // Auto-detection must find sixel through DA1; the picture goes in the top-left 30×10 cells.
        let script = folder.appending("run.sh")
        try """
            #!/bin/sh
            export SNAPTERM_FILE_ROOTS='\(CommandRunner.repositoryRoot.path)' XDG_CACHE_HOME='\(folder.appending("cache").path)'
            '\(CommandRunner.binary.path)' render --stats --cols 30 --rows 10 '\(photo.absoluteString)' 2>'\(folder.appending("err.txt").path)'
            """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        let arguments = [shot.path, "80x24", "--", script.path]
        let status = try await OffPool.run {
            try Self.runUnblocked(Self.termShot.path, arguments,
                                  environment: ["PATH=/usr/bin:/bin", "WAIT=6", "HOME=\(NSTemporaryDirectory())"])
        }
        #expect(status == 0)
        let stats = (try? String(contentsOf: folder.appending("err.txt"), encoding: .utf8)) ?? ""
        #expect(stats.contains("mode=sixel sixel=true"), "auto-detection: \(stats)")
        #expect(!stats.contains("snapterm:"), "snapterm failed: \(stats)")
        if let keep = ProcessInfo.processInfo.environment["SNAPTERM_KEEP_SCREENSHOT"] {
            try? FileManager.default.removeItem(atPath: keep)
            try FileManager.default.copyItem(at: shot, to: URL(fileURLWithPath: keep))
        }
        // The image area (30×10 cells of xterm's 6×13 font: 180×130 px past the 2 px border) has many colours;
        // the rest of a blank xterm is one background colour.
        let colours = try await OffPool.run { try Self.distinctColours(of: shot, crop: "170x120+4+4") }
        #expect(colours > 50, "image area has only \(colours) colours: blank?")
    }

    /// Runs `path` with an empty signal mask and waits for it. The test runner blocks SIGTERM in its
    /// threads and `Process` passes that mask on, so term-shot could not stop its xterm and Xvfb.
    static func runUnblocked(_ path: String, _ arguments: [String], environment: [String]) throws -> Int32 {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, nil, &attributes, argv, envp)
        guard spawned == 0 else { throw CocoaError(.executableLoad, userInfo: ["errno": spawned]) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status >> 8) & 0xFF
    }

    /// Distinct colours in a crop of a PNG, counted by ImageMagick.
    static func distinctColours(of png: URL, crop: String) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [png.path, "-crop", crop, "+repage", "-format", "%k", "info:"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
