// The virtual terminal understands kitty graphics: chunked transmissions, placements that move, deletes, frees.
import Foundation
import ScrollBench
import TerminalGraphics
import Testing

@Suite struct VirtualTerminalKittyTests {
    @Test func transmitPlaceMoveDeleteAndFree() {
        var terminal = VirtualTerminal(rows: 20, columns: 40)
        // Given a 6,000-byte picture sent in two chunks, then placed at row 2 in 10 × 3 cells
        terminal.feed(KittyGraphics.transmit(id: 5, payload: .png(Data(count: 6_000))))
        #expect(terminal.kitty.transmitted == 1 && terminal.kitty.storedBytes == 8_000)
        terminal.feed("\u{1B}[3;1H")
        terminal.feed(KittyGraphics.place(id: 5, placement: 1, columns: 10, rows: 3))
        #expect(terminal.pictureCells(row: 2, column: 0, rows: 3, columns: 10) == 30)
        // Text under a placement does not remove it (kitty draws images over the text)
        terminal.feed("\u{1B}[3;1Hhello")
        #expect(terminal.pictureCells(row: 2, column: 0, rows: 3, columns: 10) == 30)
        // When placed again under the same placement id one row up, it moves
        terminal.feed("\u{1B}[2;1H")
        terminal.feed(KittyGraphics.place(id: 5, placement: 1, columns: 10, rows: 3))
        #expect(terminal.pictureCells(row: 1, column: 0, rows: 3, columns: 10) == 30)
        #expect(terminal.pictureCells(row: 4, column: 0, rows: 1, columns: 10) == 0)
        #expect(terminal.kitty.placementCount == 1 && terminal.kitty.placed == 2)
        // Deleting the placement keeps the image; freeing drops it
        terminal.feed(KittyGraphics.deletePlacement(id: 5, placement: 1))
        #expect(terminal.kitty.placementCount == 0 && terminal.kitty.storedBytes == 8_000)
        terminal.feed(KittyGraphics.free(id: 5))
        #expect(terminal.kitty.storedBytes == 0 && terminal.kitty.freed == 1)
        // Sending the same id again counts as a re-transmission
        terminal.feed(KittyGraphics.transmit(id: 5, payload: .png(Data(count: 10))))
        #expect(terminal.kitty.retransmitted == 1)
    }

    @Test func aPlacementOfAnUnknownImageIsAnErrorAndShowsNothing() {
        var terminal = VirtualTerminal(rows: 10, columns: 20)
        terminal.feed(KittyGraphics.place(id: 99, placement: 1, columns: 4, rows: 2))
        #expect(terminal.kitty.errors == 1 && terminal.pictureCells(row: 0, column: 0, rows: 2, columns: 4) == 0)
    }
}
