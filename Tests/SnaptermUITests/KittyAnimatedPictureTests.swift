// KittyAnimatedPictureTests: a kitty picture that carries an animation's later frames is transmitted once with
// them (a=t, then a=f with their gaps and the controls that start it) — kitty plays it; later frames send nothing.
import Foundation
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@MainActor @Suite struct KittyAnimatedPictureTests {
    private let animated = PlacedPicture(
        rect: CellRect(row: 1, column: 0, rows: 6, columns: 26), identity: "thumb://spinner animated",
        picture: .kitty(png: Data("one".utf8), columns: 26, rows: 6),
        kittyFrames: KittyFrames(later: [.png(Data("two".utf8)), .png(Data("three".utf8))], gaps: [70, 150, 100], loopCount: 0))

    @Test func givenAnAnimatedPictureWhenPlacedThenItsFramesGoOnceAndTheTerminalPlaysThem() {
        let placer = KittyPlacer()
        // When the picture is placed
        let first = placer.frame([animated])
        // Then the image, its two later frames with their gaps, the first frame's gap, the loop, then the placement
        let log = KittyCommandLog(first.bytes)
        let id = String(placer.imageID(for: animated.identity))
        #expect(log.commands.map { $0["a"] } == ["t", "f", "f", "a", "a", "p"])
        #expect(log.commands.allSatisfy { $0["i"] == id })
        #expect(log.commands(action: "f").map { $0["z"] } == ["150", "100"])
        #expect(log.commands(action: "a").map { $0["s"] } == [nil, "3"])
        // And the next frames of the app send nothing: kitty plays it
        #expect(placer.frame([animated]).bytes.isEmpty)
    }

    @Test func givenAnAnimatedPictureInTmuxWhenDrawnThenItsFramesGoThroughPassthroughOnce() {
        let placer = KittyPlaceholderPlacer()
        let first = placer.frame([animated])
        // tmux passthrough doubles every ESC inside: undo it to read the commands
        let unwrapped = Data(String(decoding: first.bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}\u{1B}", with: "\u{1B}").utf8)
        #expect(KittyCommandLog(unwrapped).commands.map { $0["a"] } == ["t", "f", "f", "a", "a", "p"])
        #expect(placer.frame([animated]).bytes.isEmpty)
    }
}
