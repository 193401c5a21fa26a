// KittyPlaceholderPlacerTests: kitty inside tmux — images go through tmux passthrough once with a virtual placement,
// pictures become placeholder text in their boxes, a scroll redraws text only, and quit frees the images.
import Foundation
import SnaptermUI
import TerminalGraphics
import Testing

@MainActor @Suite struct KittyPlaceholderPlacerTests {
    private func picture(_ name: String, row: Int, bytes: Int = 100) -> PlacedPicture {
        PlacedPicture(rect: CellRect(row: row, column: 2, rows: 2, columns: 3), identity: "thumb://\(name)",
                      picture: .kitty(png: Data(repeating: 7, count: bytes), columns: 3, rows: 2))
    }

    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    /// Every APC in `bytes` sits inside a tmux passthrough (its ESC doubled): none reaches tmux raw.
    private func everyKittyCommandIsWrapped(_ bytes: Data) -> Bool {
        let raw = Array(bytes)
        return raw.indices.dropFirst().allSatisfy { index in
            !(raw[index] == 0x5F && raw[index - 1] == 0x1B) || (index >= 2 && raw[index - 2] == 0x1B)
        }
    }

    @Test func eachImageIsTransmittedOnceThroughPassthroughAndDrawnAsPlaceholderText() throws {
        let placer = ImagePlacer(kittyPlaceholders: true, ids: KittyImageIDs(start: 100))
        let a = 100, b = 101  // the ids it takes, in the order the pictures come
        // Given two kitty pictures
        let first = placer.frame([picture("a", row: 1), picture("b", row: 3)])
        let bytes = text(first.draw)
        // Then each image is transmitted and virtually placed once, wrapped for tmux
        #expect(first.report.transmitted == 2 && first.report.sent == 2)
        let expected = TmuxPassthrough.wrapEach(KittyGraphics.transmit(id: a, payload: .png(Data(repeating: 7, count: 100)))
                                                + KittyGraphics.placeVirtual(id: a, columns: 3, rows: 2))
        #expect(first.draw.range(of: expected) != nil)
        #expect(bytes.contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,U=1,i=\(b),c=3,r=2,q=2\u{1B}\u{1B}\\\u{1B}\\"))
        #expect(everyKittyCommandIsWrapped(first.draw))
        // And each box holds placeholder lines in the image's colour, at its own cells
        let lines = try KittyPlaceholder.lines(id: a, columns: 3, rows: 2)
        #expect(bytes.contains("\u{1B}[2;3H" + lines[0]) && bytes.contains("\u{1B}[3;3H" + lines[1]))
        #expect(bytes.contains("\u{1B}[4;3H" + (try KittyPlaceholder.lines(id: b, columns: 3, rows: 2))[0]))
    }

    @Test func scrollingRedrawsTextOnlyAndErasesTheCellsLeft() throws {
        let placer = ImagePlacer(kittyPlaceholders: true)
        _ = placer.frame([picture("a", row: 1), picture("b", row: 3)])
        // When the list scrolls two rows: a leaves, b moves up, c comes in
        let scrolled = placer.frame([picture("b", row: 1), picture("c", row: 3)])
        // Then only c is transmitted; b's placeholders are drawn at its new cells; the old cells are erased
        #expect(scrolled.report.transmitted == 1 && scrolled.report.sent == 2)
        #expect(text(scrolled.draw).components(separatedBy: "a=t,").count == 2)
        #expect(!scrolled.erase.isEmpty && everyKittyCommandIsWrapped(scrolled.draw))
        // And coming back transmits nothing (the terminal still holds a)
        let back = placer.frame([picture("a", row: 1), picture("b", row: 3)])
        #expect(back.report.transmitted == 0 && !text(back.draw).contains("a=t"))
        // And an unchanged frame sends nothing
        let still = placer.frame([picture("a", row: 1), picture("b", row: 3)])
        #expect(still.draw.isEmpty && still.erase.isEmpty && still.report.kept == 2)
    }

    @Test func invalidateTransmitsAgainAndQuitFreesEveryImage() {
        let placer = ImagePlacer(kittyPlaceholders: true, ids: KittyImageIDs(start: 100))
        _ = placer.frame([picture("a", row: 1)])
        placer.invalidate()  // Ctrl-L: a terminal attached since may not hold the image
        let again = placer.frame([picture("a", row: 1)])
        #expect(again.report.transmitted == 1 && again.report.sent == 1)
        let id = 100
        let quit = placer.finish()
        #expect(text(quit).contains("\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\u{1B}\\\u{1B}\\"))
        #expect(text(quit).contains("\u{1B}[2;3H\u{1B}[3X"), "the placeholder cells are erased")
        #expect(everyKittyCommandIsWrapped(quit))
    }

    @Test func imagesBeyondTheBudgetAreFreedWhenOffScreen() {
        let placer = KittyPlaceholderPlacer(budget: 250)
        _ = placer.frame([picture("a", row: 1), picture("b", row: 3)])
        let third = placer.frame([picture("c", row: 1)])
        #expect(third.report.freed == 1 && placer.storedBytes == 200)
        let a = placer.imageID(for: "thumb://a")
        #expect(text(third.bytes).contains("_Ga=d,d=I,i=\(a),q=2"))
    }

    @Test func aBoxBeyondThePlaceholderTableIsShrunkKeepingItsShapeNotDropped() throws {
        let placer = KittyPlaceholderPlacer()
        let wide = PlacedPicture(rect: CellRect(row: 1, column: 0, rows: 40, columns: 90), identity: "thumb://map",
                                 picture: .kitty(png: Data([1, 2, 3]), columns: 90, rows: 40))
        let frame = placer.frame([wide])
        guard case .text(let lines) = frame.pictures[0].picture else { Issue.record("not placeholder text"); return }
        // 90×40 cells scaled by 32/90: 32×14, centred in the box
        let limit = KittyPlaceholder.maximumCells, rows = Int((40.0 * Double(limit) / 90).rounded())
        #expect(lines.count == rows)
        #expect(text(frame.bytes).contains("c=\(limit),r=\(rows)"))
        #expect(frame.pictures[0].rect == CellRect(row: 1 + (40 - rows) / 2, column: (90 - limit) / 2, rows: rows, columns: limit))
    }

    @Test func otherPicturesPassUntouched() {
        let placer = KittyPlaceholderPlacer()
        let sixel = PlacedPicture(rect: CellRect(row: 1, column: 0, rows: 1, columns: 1), identity: "s", picture: .sixel(Data("x".utf8)))
        let frame = placer.frame([sixel])
        #expect(frame.pictures == [sixel] && frame.bytes.isEmpty)
    }
}
