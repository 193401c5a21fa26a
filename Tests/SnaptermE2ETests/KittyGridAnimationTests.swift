// The real app in kitty mode on a terminal the test plays (a pseudo-terminal): an animated GIF in the gallery's grid
// is sent once with its frames and kitty's animation commands, then never again while the grid redraws — kitty plays
// it; a still picture beside it is a still image; with --no-animate the grid sends the GIF's first frame alone.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct KittyGridAnimationTests {
    /// The app on a gallery of the 3-frame GIF and a still PNG, in kitty mode, with `flags`.
    private func start(_ flags: [String], in folder: TemporaryDirectory) throws -> PseudoTerminal {
        let pictures = folder.appending("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data(contentsOf: KittyGalleryFixture.gif).write(to: pictures.appendingPathComponent("a-spinner.gif"))
        let png = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/coffee-160x120.png")
        try Data(contentsOf: png).write(to: pictures.appendingPathComponent("b-coffee.png"))
        return try KittyGalleryFixture.start(flags, pictures: pictures, home: folder)
    }

    @Test func givenKittyWhenAnAnimatedGIFIsInTheGridThenItIsSentOnceWithItsFramesAndKittyPlaysIt() async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-grid")
        let terminal = try start([], in: folder)
        // When the grid has sent the animation (the loop control is its last command)
        #expect(try await terminal.waitForOutput(containing: "s=3,v=1"))
        // Then its two later frames went with their gaps, under the id of the one image transmitted for it
        let id = try #require(KittyGalleryFixture.animatedImageID(in: KittyCommandLog(terminal.received)))
        // … and the still picture was transmitted too, without frames (besides the GIF's first frame, which may have
        // been shown alone, as the thumbnail's preview, while its other frames were made)
        #expect(try await terminal.waitForOutput { Self.stillPictures(in: KittyCommandLog($0), animated: id) == 1 })
        // When the selection moves and the grid redraws, Then nothing of the animation is sent again
        terminal.send(Array("l".utf8))
        terminal.send(Array("?".utf8))
        #expect(try await terminal.waitForOutput(containing: "Esc to close"))
        #expect(KittyGalleryFixture.animatedImageID(in: KittyCommandLog(terminal.received)) == id)
        terminal.send(Array("?q".utf8))
        #expect(try await terminal.waitForExit() == 0)
    }

    /// Images transmitted other than animation `id` and other than its first frame alone.
    private static func stillPictures(in log: KittyCommandLog, animated id: String) -> Int {
        let transmitted = log.commands(action: "t")
        let firstFrame = transmitted.first { $0["i"] == id }?.payload
        return transmitted.filter { $0["i"] != id && $0.payload != firstFrame }.count
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
