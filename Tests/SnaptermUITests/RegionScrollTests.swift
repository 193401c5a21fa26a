// RegionScrollTests: in a sixel terminal the list's region is scrolled by the terminal when every picture
// moved by the same rows; then only the newly exposed picture is sent.
import Foundation
import SnaptermUI
import TerminalGraphics
import Testing

@MainActor @Suite struct RegionScrollTests {
    private let region = CellRect(row: 1, column: 0, rows: 35, columns: 100)

    private func list(from first: Int, top: Int = 1) -> [PlacedPicture] {
        (0..<5).map { index in
            PlacedPicture(rect: CellRect(row: top + 7 * index, column: 0, rows: 6, columns: 26), identity: "thumb://\(first + index)",
                          picture: .sixel(Data("\u{1B}Pq#0~\u{1B}\\".utf8)))
        }
    }

    @Test func aOneRowStepScrollsTheRegionAndSendsOnePicture() throws {
        let placer = ImagePlacer()
        _ = placer.frame(list(from: 0))
        // When the list scrolls one row (7 terminal rows) down
        let scroll = try #require(placer.regionScroll(to: list(from: 1), in: region))
        #expect(scroll.delta == 7 && scroll.garbledRow == 0)
        #expect(String(decoding: scroll.bytes, as: UTF8.self) == "\u{1B}7\u{1B}[2;36r\u{1B}[7S\u{1B}[r\u{1B}[1;1H\u{1B}[100X\u{1B}8")
        placer.apply(scroll)
        let frame = placer.frame(list(from: 1))
        // Then one picture is sent (the newly exposed one), four are kept, nothing erased
        #expect(frame.report.sent == 1 && frame.report.kept == 4 && frame.report.erased == 0)
    }

    @Test func scrollingBackUpScrollsDownAndRepairsTheRowBelow() throws {
        let placer = ImagePlacer()
        _ = placer.frame(list(from: 1))
        let scroll = try #require(placer.regionScroll(to: list(from: 0), in: region))
        #expect(scroll.delta == -7 && scroll.garbledRow == 36)
        #expect(String(decoding: scroll.bytes, as: UTF8.self).contains("\u{1B}[7T"))
    }

    @Test func noScrollWhenNothingMovedOrMovesDisagreeOrAPictureWouldBeCut() {
        let placer = ImagePlacer()
        _ = placer.frame(list(from: 0))
        #expect(placer.regionScroll(to: list(from: 0), in: region) == nil)             // nothing moved
        #expect(placer.regionScroll(to: list(from: 1, top: 4), in: region) == nil)     // a 3-row shift would cut the top picture
        var mixed = list(from: 1)
        mixed.swapAt(0, 1)
        mixed[0].rect.row = 1; mixed[1].rect.row = 8
        #expect(placer.regionScroll(to: mixed, in: region) == nil)                     // a picture wanted elsewhere
        let kitty = [PlacedPicture(rect: CellRect(row: 1, column: 0, rows: 6, columns: 26), identity: "thumb://1",
                                   picture: .kitty(png: Data([1]), columns: 26, rows: 6))]
        #expect(placer.regionScroll(to: kitty, in: region) == nil)                     // sixel only
    }
}
