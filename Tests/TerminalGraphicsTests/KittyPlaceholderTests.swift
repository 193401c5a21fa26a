// KittyPlaceholderTests: byte goldens of Unicode placeholders (id in the colour, row/column diacritics) and tmux passthrough.
import Foundation
import TerminalGraphics
import Testing

@Suite struct KittyPlaceholderTests {
    @Test func aTwoByTwoBoxCarriesTheIdAsColourAndEachCellItsRowAndColumn() throws {
        // Given image id 0x123456 → colour 18;52;86
        let lines = try KittyPlaceholder.lines(id: 0x12_3456, columns: 2, rows: 2)
        #expect(lines == [
            "\u{1B}[38;2;18;52;86m\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{1B}[39m",
            "\u{1B}[38;2;18;52;86m\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{030D}\u{030D}\u{1B}[39m",
        ])
    }

    @Test func aBoxBeyondTheTableIsATypedError() {
        #expect(throws: TerminalGraphicsError.self) { try KittyPlaceholder.lines(id: 1, columns: 33, rows: 1) }
        #expect(throws: TerminalGraphicsError.self) { try KittyPlaceholder.lines(id: 1, columns: 2, rows: 0) }
    }

    @Test func tmuxPassthroughDoublesEveryEscape() {
        let wrapped = TmuxPassthrough.wrap(KittyGraphics.placeVirtual(id: 7, columns: 26, rows: 6))
        #expect(String(decoding: wrapped, as: UTF8.self)
            == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=p,U=1,i=7,c=26,r=6,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }
}
