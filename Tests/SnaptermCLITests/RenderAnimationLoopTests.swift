// RenderAnimationLoopTests: `render` plays an animation itself in sixel and text art — frame after frame in place —
// until a key (read, so it never reaches the shell), --duration, a signal or the file's loop count, and leaves the
// terminal as it was: line editing and echo on, the cursor shown. A pipe and --no-animate get the first frame once.
import Foundation
import TestSupport
import Testing

@Suite struct RenderAnimationLoopTests {
    private let gif = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/three-frames-16x16.gif").path
    private let webp = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/three-frames-16x16.webp").path

    private func environment(_ folder: TemporaryDirectory, _ extra: [String: String] = [:]) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path,
         "TERM": "xterm-256color"].merging(extra) { $1 }
    }

    private func start(_ format: String, _ extra: [String], _ picture: String, _ folder: TemporaryDirectory,
                       environment more: [String: String] = [:]) throws -> PseudoTerminal {
        try PseudoTerminal(CommandRunner.binary.path, ["render", "--format", format, "--cols", "8", "--rows", "4"] + extra + [picture],
                           environment: environment(folder, more))
    }

    /// Frames drawn so far: each starts at the saved cell (ESC 8) with no move down after it (a text row's move is `ESC 8 ESC [ n B`).
    private static func framesDrawn(_ output: Data) -> Int {
        let text = String(decoding: output, as: UTF8.self)
        return text.components(separatedBy: "\u{1B}8").dropFirst().filter { piece in
            !(piece.hasPrefix("\u{1B}[") && piece.dropFirst(2).drop(while: \.isNumber).hasPrefix("B"))
        }.count
    }

    private func expectRestored(_ terminal: PseudoTerminal) {
        let modes = terminal.pair.modes()
        #expect(modes.c_lflag & tcflag_t(ICANON) != 0, "left without line editing (-icanon)")
        #expect(modes.c_lflag & tcflag_t(ECHO) != 0, "left without echo (-echo)")
        let text = String(decoding: terminal.received, as: UTF8.self)
        let hidden = text.range(of: "\u{1B}[?25l", options: .backwards), shown = text.range(of: "\u{1B}[?25h", options: .backwards)
        #expect(hidden != nil && shown != nil && shown!.lowerBound > hidden!.lowerBound, "the cursor was left hidden")
    }

    @Test(arguments: ["sixel", "symbols"])
    func givenAPlayingLoopWhenAKeyIsPressedThenItStopsAndTheTerminalIsRestored(format: String) async throws {
        // Given the 3-frame GIF playing in a terminal
        let folder = try TemporaryDirectory()
        let terminal = try start(format, [], gif, folder)
        // When it has gone round once (a fifth frame drawn) and a key is pressed
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.framesDrawn(terminal.received) < 5, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(Self.framesDrawn(terminal.received) >= 5, "the animation did not loop")
        terminal.send(Array("q".utf8))
        // Then render ends well, the key taken (nothing left for the shell), the terminal as it was
        #expect(try await terminal.waitForExit() == 0)
        expectRestored(terminal)
        #expect(terminal.pair.takeUnreadInput().isEmpty)
    }

    @Test func givenADurationWhenItPassesThenRenderEndsByItself() async throws {
        let folder = try TemporaryDirectory()
        let terminal = try start("sixel", ["--duration", "0.5"], gif, folder)
        #expect(try await terminal.waitForExit() == 0)
        #expect(Self.framesDrawn(terminal.received) >= 2)
        expectRestored(terminal)
    }

    @Test func givenTheThousandFrameGIFWhenPlayedForADurationThenItCountsFromTheFirstFrameDrawn() async throws {
        // Given the 1,000-frame 632×632 GIF (its frames take a good while to decode) played for 1 s
        let folder = try TemporaryDirectory()
        let errors = folder.appending("stderr")
        let thousand = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/bad/frames-632x632x1000.gif").path
        let terminal = try PseudoTerminal(CommandRunner.binary.path,
                                          ["render", "--format", "symbols", "--cols", "8", "--rows", "4", "--duration", "1", "--stats", thousand],
                                          environment: environment(folder), errorFile: errors)
        #expect(try await terminal.waitForExit() == 0)
        // Then it played a whole second from its first frame on (not a second less the decoding), frames after the
        // first among what it drew, as render itself tells
        let stats = try String(contentsOf: errors, encoding: .utf8)
        let line = try #require(stats.split(separator: "\n").first { $0.hasPrefix("animation: ") }, "\(stats)")
        let numbers = line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count == 3, "\(line)")
        let (drawn, milliseconds) = (numbers[0], numbers[1])
        #expect(milliseconds >= 1000, "\(line)")
        #expect(drawn >= 2 && drawn == Self.framesDrawn(terminal.received), "\(line)")
        expectRestored(terminal)
    }

    @Test func givenAFileThatPlaysTwiceWhenRenderedThenItEndsAfterTwoPlays() async throws {
        // Given the WebP whose loop count is 2 (600 ms a play)
        let folder = try TemporaryDirectory()
        let terminal = try start("symbols", [], webp, folder)
        // Then it ends by itself after six frames
        #expect(try await terminal.waitForExit() == 0)
        #expect(Self.framesDrawn(terminal.received) == 6)
        expectRestored(terminal)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func givenAPlayingLoopWhenASignalComesThenTheTerminalIsRestored(signal: Int32) async throws {
        let folder = try TemporaryDirectory()
        let terminal = try start("symbols", [], gif, folder)
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.framesDrawn(terminal.received) < 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        kill(terminal.pid, signal)
        #expect(try await terminal.waitForExit() == 128 + signal)
        expectRestored(terminal)
    }

    @Test(arguments: [["--no-animate"], []])
    func givenNoAnimationWantedWhenRenderedThenTheFirstFrameOnce(flags: [String]) async throws {
        // Given --no-animate, or else SNAPTERM_ANIMATE=0, on a terminal
        let folder = try TemporaryDirectory()
        let terminal = try start("symbols", flags, gif, folder, environment: flags.isEmpty ? ["SNAPTERM_ANIMATE": "0"] : [:])
        // Then render ends at once with a still picture: no frame drawn in place
        #expect(try await terminal.waitForExit() == 0)
        #expect(Self.framesDrawn(terminal.received) == 0)
        #expect(!String(decoding: terminal.received, as: UTF8.self).contains("\u{1B}7"))
    }

    @Test func givenAPipeWhenRenderedThenTheFirstFrameOnce() async throws {
        let folder = try TemporaryDirectory()
        let output = try await OffPool.run {
            try CommandRunner.run(["render", "--format", "symbols", "--cols", "8", "--rows", "4", gif], environment: environment(folder))
        }
        #expect(output.status == 0, "\(output.stderr)")
        let text = String(decoding: output.stdout, as: UTF8.self)
        #expect(!text.contains("\u{1B}7") && !text.contains("\u{1B}8") && !text.contains("\u{1B}[?25l"))
        #expect(text.split(separator: "\n").count <= 4)
    }

    @Test func givenAnAnimationWhoseFramesAreDamagedWhenRenderedThenItEndsAsAStillRenderWould() async throws {
        // Given a GIF whose frames do not decode together
        let damaged = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/bad/three-frames-spoiled-lzw.gif").path
        var outcomes: [(status: Int32?, output: String)] = []
        for flags in [[], ["--no-animate"]] {
            let folder = try TemporaryDirectory()
            let terminal = try start("symbols", flags, damaged, folder)
            outcomes.append((try await terminal.waitForExit(), String(decoding: terminal.received, as: UTF8.self)))
        }
        // Then render ends as it does without animations: the still path's typed error, nothing played. (The
        // words after it are libvips' own and have once differed between two runs on a loaded machine.)
        #expect(outcomes[0].status == outcomes[1].status && outcomes[0].status == 1)
        for outcome in outcomes {
            #expect(outcome.output.contains("the GIF picture is damaged"), "\(outcome.output)")
            #expect(Self.framesDrawn(Data(outcome.output.utf8)) == 0, "\(outcome.output)")
        }
    }
}
