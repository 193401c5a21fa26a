// ITermPlacementTests: iTerm2 inline images are sent at the box's top-left cell, re-sent only when moved,
// and their cells erased when they leave (the protocol has no ids).
import Foundation
import SnaptermUI
import TerminalGraphics
import Testing

@MainActor @Suite struct ITermPlacementTests {
    private func picture(_ name: String, row: Int) -> PlacedPicture {
        PlacedPicture(rect: CellRect(row: row, column: 2, rows: 3, columns: 10), identity: "thumb://\(name)",
                      picture: .iterm(ITermImage.inline(Data(name.utf8), columns: 10, rows: 3)))
    }

    @Test func sentOnceReSentWhenMovedErasedWhenGone() {
        let placer = ImagePlacer()
        let first = placer.frame([picture("a", row: 1)])
        let text = String(decoding: first.draw, as: UTF8.self)
        #expect(text == "\u{1B}7\u{1B}[2;3H\u{1B}]1337;File=inline=1;width=10c;height=3r;preserveAspectRatio=1:YQ==\u{07}\u{1B}8")
        let same = placer.frame([picture("a", row: 1)])
        #expect(same.draw.isEmpty && same.report.kept == 1)
        let moved = placer.frame([picture("a", row: 0)])
        #expect(moved.report.sent == 1 && moved.report.erased == 1)
        #expect(String(decoding: moved.erase, as: UTF8.self).contains("\u{1B}[2;3H\u{1B}[10X"))
        let gone = placer.frame([])
        #expect(gone.draw.isEmpty && gone.report.erased == 1)
    }
}
