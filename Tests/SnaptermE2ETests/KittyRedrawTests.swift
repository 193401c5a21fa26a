// The real app in kitty mode on a terminal the test plays: Ctrl-L (the documented redraw) and a resize send every
// picture on screen again — kitty 0.26 draws nothing for a new placement of an image it held before a full clear
// (every picture vanished for good after Ctrl-L or a window resize).
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct KittyRedrawTests {
    /// The app on a gallery of two still pictures, in kitty mode.
    private func start(in folder: TemporaryDirectory) throws -> PseudoTerminal {
        let pictures = folder.appending("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        let good = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good")
        for name in ["coffee-160x120.png", "quadrants-64x48.tif"] {
            try Data(contentsOf: good.appendingPathComponent(name)).write(to: pictures.appendingPathComponent(name))
        }
        return try KittyGalleryFixture.start([], pictures: pictures, home: folder)
    }

    @Test(arguments: [[UInt8(0x0C)], Array("RESIZE".utf8)])
    func aRedrawTransmitsAndPlacesEveryPictureAgain(key: [UInt8]) async throws {
        let folder = try TemporaryDirectory(prefix: "snapterm-kitty-redraw")
        let terminal = try start(in: folder)
        // Given both pictures transmitted and placed
        #expect(try await terminal.waitForOutput { KittyCommandLog($0).commands(action: "t").count == 2 })
        #expect(try await terminal.waitForOutput { KittyCommandLog($0).commands(action: "p").count >= 2 })
        let ids = Set(KittyCommandLog(terminal.received).commands(action: "t").compactMap { $0["i"] })
        // When the screen is redrawn with Ctrl-L, or the window is resized
        if key == Array("RESIZE".utf8) { terminal.resize(columns: 90, rows: 28) } else { terminal.send(key) }
        // Then each image is freed and transmitted again under its id, then placed again
        #expect(try await terminal.waitForOutput { KittyCommandLog($0).commands(action: "t").count == 4 })
        let log = KittyCommandLog(terminal.received)
        let transmitted = log.commands(action: "t").compactMap { $0["i"] }
        #expect(Set(transmitted.suffix(2)) == ids)
        #expect(try await terminal.waitForOutput { KittyCommandLog($0).commands(action: "p").count >= 4 })
        terminal.send(Array("q".utf8))
        #expect(try await terminal.waitForExit() == 0)
    }
}
