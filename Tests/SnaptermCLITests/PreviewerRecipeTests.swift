// The lf and ranger recipes in contrib/: driven the way lf (FILE WIDTH HEIGHT X Y) and ranger
// (PATH WIDTH HEIGHT CACHE PREVIEW_IMAGES) call them, checking what they print and how they clean up.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct PreviewerRecipeTests {
    private let contrib = CommandRunner.repositoryRoot.appendingPathComponent("contrib")

    /// A picture in a folder whose name has a space, and the environment a user's shell would give.
    private func setUp() throws -> (folder: TemporaryDirectory, picture: URL, environment: [String: String]) {
        let folder = try TemporaryDirectory()
        let pictures = folder.appending("my pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let picture = pictures.appendingPathComponent("coffee.jpg")
        try FileManager.default.copyItem(at: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/coffee.jpg"), to: picture)
        return (folder, picture, ["PATH": "/usr/bin:/bin", "HOME": folder.url.path, "SNAPTERM": CommandRunner.binary.path,
                                  "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": "xterm-256color"])
    }

    private func script(_ path: String, _ arguments: [String], _ environment: [String: String]) async throws -> ScriptOutput {
        let script = contrib.appendingPathComponent(path).path
        return try await OffPool.run {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [script] + arguments
            process.environment = environment
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let stdout = out.fileHandleForReading.readDataToEndOfFile()
            let stderr = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return ScriptOutput(status: process.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self))
        }
    }

    @Test func lfPreviewPrintsThePictureInThePaneAndAsksNotToBeCached() async throws {
        // Given lf asking for a 40×12 preview at column 30, row 1
        let (folder, picture, environment) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        var env = environment
        env["SNAPTERM_GRAPHICS"] = "ascii"
        let output = try await script("lf/snapterm-preview", [picture.path, "40", "12", "30", "1"], env)
        // Then it prints at most 12 lines of at most 40 columns and exits 1 (lf must not cache it)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        let lines = String(decoding: output.stdout, as: UTF8.self).split(separator: "\n")
        #expect((3...12).contains(lines.count))
        #expect(lines.allSatisfy { $0.count <= 40 })
    }

    @Test func lfDirectModeDrawsAtThePaneAndTheCleanerErasesExactlyIt() async throws {
        let (folder, picture, environment) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        let tty = folder.appending("tty")
        var env = environment
        env["SNAPTERM_PREVIEW_TTY"] = tty.path
        env["SNAPTERM_GRAPHICS"] = "sixel"
        // When lf previews in direct mode, then changes the preview
        let preview = try await script("lf/snapterm-preview", [picture.path, "40", "12", "30", "1"], env)
        #expect(preview.status == 1 && preview.stdout.isEmpty, "\(preview.stderr)")
        let drawn = try Data(contentsOf: tty)
        let clean = try await script("lf/snapterm-clean", [picture.path, "40", "12", "30", "1"], env)
        #expect(clean.status == 0)
        let erased = String(decoding: try Data(contentsOf: tty).dropFirst(drawn.count), as: UTF8.self)
        // Then the picture went into the pane below its first row (lf's "loading" line) — from row 3, column 31
        // (one-based) — between a cursor save and restore, centred there: the 3:2 photo in 40×11 cells of 8×16 is
        // 261×174 pixels, 33 columns, three in from the left
        #expect(drawn.starts(with: Data("\u{1B}7\u{1B}[3;34H\u{1B}P".utf8)),
                "\(String(decoding: drawn.prefix(40), as: UTF8.self).debugDescription)")
        #expect(drawn.suffix(2) == Data("\u{1B}8".utf8))
        // And the cleaner erased 40 cells on each of rows 2…13 at column 31, and nothing else
        let expected = "\u{1B}7" + (0..<12).map { "\u{1B}[\($0 + 2);31H\u{1B}[40X" }.joined() + "\u{1B}8"
        #expect(erased == expected)
    }

    @Test func lfPreviewShowsOtherFilesAsText() async throws {
        let (folder, _, environment) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        let notes = folder.appending("notes.txt")
        try Data((1...30).map { "line \($0)\n" }.joined().utf8).write(to: notes)
        let output = try await script("lf/snapterm-preview", [notes.path, "40", "5", "0", "0"], environment)
        #expect(output.status == 0)
        #expect(String(decoding: output.stdout, as: UTF8.self) == "line 1\nline 2\nline 3\nline 4\nline 5\n")
    }

    @Test func rangerScopeWritesAPictureForRangersImagePreviewerWhenItHasOne() async throws {
        // Given ranger with preview_images on: it passes True and a cache path, and draws the file there itself
        let (folder, picture, environment) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        let cache = folder.appending("ranger-cache-entry")
        let result = try await script("ranger/scope.sh", [picture.path, "50", "15", cache.path, "True"], environment)
        // Then the script says "an image at the cache path" (6), and the file is a PNG of the picture that fits the pane
        #expect(result.status == 6, "\(result.stderr)")
        let written = try Data(contentsOf: cache)
        #expect(written.starts(with: [0x89, 0x50, 0x4E, 0x47]), "not a PNG")
        #expect(result.stdout.isEmpty)
    }

    @Test func rangerScopeShowsTextArtInTheEightColoursRangerCanPairAndDefersTextFiles() async throws {
        // Given a 256-colour TERM and COLORTERM (ranger's curses still holds only about 256 colour pairs)
        let (folder, picture, environment) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        let image = try await script("ranger/scope.sh", [picture.path, "50", "15", folder.appending("cache.jpg").path, "False"],
                                     environment.merging(["COLORTERM": "truecolor"]) { $1 })
        #expect(image.status == 0, "\(image.stderr)")
        let text = String(decoding: image.stdout, as: UTF8.self)
        // Then the art is coloured, with the 8 colours' codes only (30–37, 40–47): never 256 or 24-bit ones
        let codes = Self.colourCodes(in: text)
        #expect(!codes.isEmpty, "no colours")
        #expect(codes.allSatisfy { (30...37).contains($0) || (40...47).contains($0) || $0 == 39 || $0 == 49 || $0 == 0 },
                "codes beyond 8 colours: \(Set(codes).sorted())")
        #expect((3...15).contains(text.split(separator: "\n").count))
        let notes = folder.appending("notes.txt")
        try Data("hello\n".utf8).write(to: notes)
        let plain = try await script("ranger/scope.sh", [notes.path, "50", "15", folder.appending("cache.jpg").path, "False"], environment)
        #expect(plain.status == 2)
    }
}

extension PreviewerRecipeTests {
    /// Every number of every SGR sequence in `text` (`ESC [ 38;5;12 m` gives 38, 5, 12).
    static func colourCodes(in text: String) -> [Int] {
        var codes: [Int] = []
        for sequence in text.split(separator: "\u{1B}").dropFirst() where sequence.hasPrefix("[") {
            guard let end = sequence.firstIndex(of: "m") else { continue }
            codes += sequence.dropFirst()[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        }
        return codes
    }
}

/// What a recipe script did.
struct ScriptOutput: Sendable {
    let status: Int32
    let stdout: Data
    let stderr: String
}
