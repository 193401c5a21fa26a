// KittyPlacerTests: kitty pictures are transmitted once, moved by placement, deleted when they leave,
// freed beyond the budget, and nothing is left on invalidate or quit.
import Foundation
import SnaptermUI
import TerminalGraphics
import Testing

@MainActor @Suite struct KittyPlacerTests {
    private func picture(_ name: String, row: Int, bytes: Int = 100) -> PlacedPicture {
        PlacedPicture(rect: CellRect(row: row, column: 0, rows: 6, columns: 26), identity: "thumb://\(name)",
                      picture: .kitty(png: Data(repeating: 7, count: bytes), columns: 26, rows: 6))
    }

    private func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func eachPictureIsTransmittedOnceAndMovedOnScroll() {
        let placer = KittyPlacer()
        // Given three pictures on screen
        let first = placer.frame([picture("a", row: 1), picture("b", row: 7), picture("c", row: 13)])
        #expect(first.report.transmitted == 3 && first.report.placed == 3)
        // When the list scrolls one row: every picture moves by one
        let scrolled = placer.frame([picture("a", row: 0), picture("b", row: 6), picture("c", row: 12)])
        // Then nothing is transmitted again: three placements are re-placed under their ids, a few dozen bytes each
        #expect(scrolled.report.transmitted == 0 && scrolled.report.placed == 3)
        #expect(scrolled.bytes.count < 3 * 60 + 10)
        let id = placer.imageID(for: "thumb://a")
        #expect(text(scrolled.bytes).contains("\u{1B}[1;1H\u{1B}_Ga=p,i=\(id),p=1,c=26,r=6,C=1,q=2\u{1B}\\"))
        #expect(!text(scrolled.bytes).contains("a=t"))
        // And an unchanged frame sends nothing at all
        let still = placer.frame([picture("a", row: 0), picture("b", row: 6), picture("c", row: 12)])
        #expect(still.bytes.isEmpty && still.report.kept == 3)
    }

    @Test func aPictureThatLeavesIsDeletedButKeptForItsReturn() {
        let placer = KittyPlacer()
        _ = placer.frame([picture("a", row: 1), picture("b", row: 7)])
        let left = placer.frame([picture("b", row: 1)])
        let id = placer.imageID(for: "thumb://a")
        #expect(left.report.deleted == 1)
        #expect(text(left.bytes).contains("\u{1B}_Ga=d,d=i,i=\(id),p=1,q=2\u{1B}\\"))
        let back = placer.frame([picture("a", row: 1), picture("b", row: 7)])
        #expect(back.report.transmitted == 0 && back.report.placed == 2)
    }

    @Test func theSamePictureTwiceGetsTwoPlacements() {
        let placer = KittyPlacer()
        let frame = placer.frame([picture("a", row: 1), picture("a", row: 7)])
        #expect(frame.report.transmitted == 1 && frame.report.placed == 2)
        #expect(text(frame.bytes).contains(",p=1,") && text(frame.bytes).contains(",p=2,"))
    }

    @Test func imagesBeyondTheBudgetAreFreedLeastRecentlyShownFirst() {
        let placer = KittyPlacer(budget: 250)
        _ = placer.frame([picture("a", row: 0)])
        _ = placer.frame([picture("b", row: 0)])
        let third = placer.frame([picture("c", row: 0)])  // 300 bytes held: "a" goes
        #expect(third.report.freed == 1 && placer.storedBytes == 200)
        #expect(text(third.bytes).contains("a=d,d=I,i=\(placer.imageID(for: "thumb://a"))"))
        let again = placer.frame([picture("a", row: 0)])
        #expect(again.report.transmitted == 1)  // freed, so sent again
    }

    @Test func invalidateSendsEverythingAgainAndFinishFreesEverything() {
        let placer = KittyPlacer()
        _ = placer.frame([picture("a", row: 1), picture("b", row: 7)])
        placer.invalidate()  // Ctrl-L or a resize: kitty 0.26 draws nothing for a new placement of an image it held
        let redrawn = placer.frame([picture("a", row: 1), picture("b", row: 7)])
        #expect(redrawn.report.transmitted == 2 && redrawn.report.placed == 2)
        #expect(text(redrawn.bytes).components(separatedBy: "a=d,d=i").count - 1 == 2)
        #expect(text(redrawn.bytes).components(separatedBy: "a=d,d=I").count - 1 == 2)
        let quit = text(placer.finish())
        #expect(quit.components(separatedBy: "a=d,d=I").count - 1 == 2 && placer.storedBytes == 0)
    }

    @Test func imagePlacerRoutesKittyPicturesAndLeavesNothingOnFinish() {
        let placer = ImagePlacer()
        let frame = placer.frame([picture("a", row: 1), picture("b", row: 7)])
        #expect(frame.report.transmitted == 2 && frame.report.sent == 2 && frame.erase.isEmpty)
        let moved = placer.frame([picture("a", row: 0), picture("b", row: 6)])
        #expect(moved.report.transmitted == 0 && moved.report.sent == 2)
        let bye = text(placer.finish())
        // every image transmitted is freed, under the id it was transmitted with
        let transmitted = text(frame.draw).matches(of: /a=t,t=d,f=100,i=(\d+)/).map { String($0.1) }
        #expect(transmitted.count == 2)
        for id in transmitted { #expect(bye.contains("a=d,d=I,i=\(id),")) }
    }
}
