// The real app in kitty mode on a terminal the test plays (a pseudo-terminal): the gallery's full-screen view of an
// animated GIF sends every frame once with kitty's animation commands and then nothing more — kitty plays it.
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct KittyGalleryAnimationTests {
    @Test func givenKittyWhenAnAnimatedGIFIsViewedLargeThenItsFramesAreSentOnce() async throws {
        // Given a gallery of the 3-frame GIF (70, 150, 10 ms), the app in kitty mode, Enter pressed at start
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-gallery")
        let pictures = folder.appending("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data(contentsOf: KittyGalleryFixture.gif).write(to: pictures.appendingPathComponent("spinner.gif"))
        let terminal = try KittyGalleryFixture.start(["--keys", "Enter"], pictures: pictures, home: folder)
        // When the large view has sent the animation (the loop control is its last command)
        #expect(try await terminal.waitForOutput(containing: "s=3,v=1"))
        // Then its two later frames went with their gaps, under the id of the image they animate, sent once
        #expect(KittyGalleryFixture.animatedImageID(in: KittyCommandLog(terminal.received)) != nil)
        // And while kitty plays it the app sends no frame again (the status line may still change: no more a=f)
        let sent = terminal.received.count
        terminal.send(Array("?".utf8))  // something else to draw, proving the app is drawing
        #expect(try await terminal.waitForOutput(containing: "Esc to close"))
        #expect(KittyCommandLog(terminal.received).commands(action: "f").count == 2, "\(terminal.received.count - sent) bytes later")
        terminal.send(Array("?qq".utf8))
        #expect(try await terminal.waitForExit() == 0)
    }
}
