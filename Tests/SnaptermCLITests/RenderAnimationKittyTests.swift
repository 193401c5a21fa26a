// RenderAnimationKittyTests: `render` of an animated GIF to a kitty terminal sends its first frame as soon as it is
// made, playing in kitty's loading mode (a=T, a=a with its gap, a=a,s=2), then every later frame once as it is made
// (a=f with the file's gaps) and the loop (a=a,s=3), and exits — the terminal plays it; --no-animate and a pipe send
// one still picture.
import Foundation
import TestSupport
import Testing

@Suite struct RenderAnimationKittyTests {
    private let gif = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/three-frames-16x16.gif").path

    private func environment(_ folder: TemporaryDirectory, _ extra: [String: String] = [:]) -> [String: String] {
        ["PATH": "/usr/bin:/bin", "HOME": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path,
         "TERM": "xterm-kitty"].merging(extra) { $1 }
    }

    @Test func givenAKittyTerminalWhenAGIFIsRenderedThenItsFramesAndGapsAreSentOnceAndRenderExits() async throws {
        // Given a terminal (a pty) and the 3-frame GIF of 70, 150 and 10 ms
        let folder = try TemporaryDirectory()
        let terminal = try PseudoTerminal(CommandRunner.binary.path, ["render", "--format", "kitty", "--cols", "8", "--rows", "4", gif],
                                          environment: environment(folder))
        // When render runs, it ends by itself
        #expect(try await terminal.waitForExit() == 0)
        // Then one image shown with its gap, playing while frames come (s=2), two frames added with their gaps
        // (10 ms played as 100), then the loop
        let log = KittyCommandLog(terminal.received)
        #expect(log.commands.map { $0["a"] } == ["T", "a", "a", "f", "f", "a"])
        #expect(Set(log.commands.compactMap { $0["i"] }).count == 1)
        #expect(log.commands(action: "f").map { $0["z"] } == ["150", "100"])
        #expect(log.commands(action: "a").map { $0["z"] } == ["70", nil, nil])
        #expect(log.commands(action: "a").map { $0["s"] } == [nil, "2", "3"])
        #expect(log.commands(action: "a").last?["v"] == "1")
        let frames = log.commands.filter { $0["a"] != "a" }.map { Data(base64Encoded: $0.payload) }
        #expect(frames.allSatisfy { $0?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true } && Set(frames).count == 3)
    }

    @Test(arguments: [["--no-animate"], []])
    func givenNoAnimationWantedWhenAGIFIsRenderedThenOneStillPicture(flags: [String]) async throws {
        // Given --no-animate, or else SNAPTERM_ANIMATE=0
        let folder = try TemporaryDirectory()
        let terminal = try PseudoTerminal(CommandRunner.binary.path, ["render", "--format", "kitty", "--cols", "8", "--rows", "4"] + flags + [gif],
                                          environment: environment(folder, flags.isEmpty ? ["SNAPTERM_ANIMATE": "0"] : [:]))
        #expect(try await terminal.waitForExit() == 0)
        // Then one picture, no frames
        #expect(KittyCommandLog(terminal.received).commands.map { $0["a"] } == ["T"])
    }

    @Test func givenAPipeWhenAGIFIsRenderedThenOneStillPicture() async throws {
        let folder = try TemporaryDirectory()
        let output = try await OffPool.run {
            try CommandRunner.run(["render", "--format", "kitty", "--cols", "8", "--rows", "4", gif], environment: environment(folder))
        }
        #expect(output.status == 0, "\(output.stderr)")
        #expect(KittyCommandLog(output.stdout).commands.map { $0["a"] } == ["T"])
    }
}
