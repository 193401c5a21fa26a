// The real app in kitty mode on a terminal the test plays (a pseudo-terminal): an animated GIF in the gallery's grid
// is sent once with its frames and kitty's animation commands, then never again while the grid redraws — kitty plays
// it; a still picture beside it is a still image; with --no-animate the grid sends the GIF's first frame alone.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct KittyGridAnimationTests {
    /// The app on a gallery of the 3-frame GIF (70, 150, 10 ms) and a still PNG, in kitty mode, with `flags`.
    private func start(_ flags: [String], in folder: TemporaryDirectory) throws -> PseudoTerminal {
        let pictures = folder.appending("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let fixtures = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good")
        try Data(contentsOf: fixtures.appendingPathComponent("three-frames-16x16.gif")).write(to: pictures.appendingPathComponent("a-spinner.gif"))
        try Data(contentsOf: fixtures.appendingPathComponent("coffee-160x120.png")).write(to: pictures.appendingPathComponent("b-coffee.png"))
        return try PseudoTerminal(CommandRunner.binary.path, flags + [pictures.path], environment: [
            "PATH": "/usr/bin:/bin", "HOME": folder.url.path, "TERM": "xterm-kitty", "LANG": "C.UTF-8", "SNAPTERM_GRAPHICS": "kitty",
            "XDG_CACHE_HOME": folder.appending("cache").path, "XDG_DATA_HOME": folder.appending("data").path,
            "SNAPTERM_DATA": CommandRunner.repositoryRoot.appendingPathComponent("assets").path,
        ], columns: 100, rows: 30, cellPixels: (8, 16))
    }

    @Test func givenKittyWhenAnAnimatedGIFIsInTheGridThenItIsSentOnceWithItsFramesAndKittyPlaysIt() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-grid")
        let terminal = try start([], in: folder)
        // When the grid has sent the animation (the loop control is its last command)
        #expect(try await terminal.waitForOutput(containing: "s=3,v=1"))
        // Then its two later frames went with their gaps, under the id of the one image transmitted for it
        let log = KittyCommandLog(terminal.received)
        let frames = log.commands(action: "f")
        #expect(frames.map { $0["z"] } == ["150", "100"])
        let id = try #require(frames.first?["i"])
        #expect(log.commands(action: "t").filter { $0["i"] == id }.count == 1)
        // … and the still picture was transmitted too, without frames
        #expect(try await terminal.waitForOutput { KittyCommandLog($0).commands(action: "t").count == 2 })
        // When the selection moves and the grid redraws, Then nothing of the animation is sent again
        terminal.send(Array("l".utf8))
        terminal.send(Array("?".utf8))
        #expect(try await terminal.waitForOutput(containing: "Esc to close"))
        let after = KittyCommandLog(terminal.received)
        #expect(after.commands(action: "f").count == 2)
        #expect(after.commands(action: "t").filter { $0["i"] == id }.count == 1)
        terminal.send(Array("?q".utf8))
        #expect(try await terminal.waitForExit() == 0)
    }

    @Test func givenNoAnimateWhenTheGridShowsTheGIFThenItsFirstFrameAloneIsSent() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-grid-still")
        let terminal = try start(["--no-animate"], in: folder)
        // When both pictures have been transmitted
        #expect(try await terminal.waitForOutput { KittyCommandLog($0).commands(action: "t").count == 2 })
        terminal.send(Array("?".utf8))
        #expect(try await terminal.waitForOutput(containing: "Esc to close"))
        // Then no frame was added and no animation started
        let log = KittyCommandLog(terminal.received)
        #expect(log.commands(action: "f").isEmpty && log.commands(action: "a").isEmpty)
        terminal.send(Array("?q".utf8))
        #expect(try await terminal.waitForExit() == 0)
    }
}
