// TerminalLayerTests: each protocol's layer draws and erases one picture with exact bytes.
import Foundation
import TerminalGraphics
import Testing

@Suite struct TerminalLayerTests {
    /// The cursor to row `2 + line`, column 5 (as a placer moves to a picture's lines).
    private static func lineStart(_ line: Int) -> String { EscapeSequence.moveCursor(row: 2 + line, column: 4) }

    @Test func sixelLayerDrawsItsSequenceAndErasesEveryRow() {
        let sixel = Data("\u{1B}P0;0;0q\"1;1;2;2#0;2;0;0;0!2~\u{1B}\\".utf8)
        #expect(TerminalLayer.draw(.sixel(sixel), lineStart: Self.lineStart) == sixel)
        #expect(TerminalLayer.erase(rows: 2, columns: 3, lineStart: Self.lineStart)
                == Data("\u{1B}[3;5H\u{1B}[3X\u{1B}[4;5H\u{1B}[3X".utf8))
    }

    @Test func itermLayerDrawsItsInlineFile() {
        let image = ITermImage.inline(Data([1, 2, 3]), columns: 4, rows: 2)
        #expect(image == Data("\u{1B}]1337;File=inline=1;width=4c;height=2r;preserveAspectRatio=1:AQID\u{07}".utf8))
        #expect(TerminalLayer.draw(.iterm(image), lineStart: Self.lineStart) == image)
        #expect(TerminalLayer.erase(rows: 1, columns: 4, lineStart: Self.lineStart) == Data("\u{1B}[3;5H\u{1B}[4X".utf8))
    }

    @Test func kittyLayerTransmitsAndShowsAtOnce() {
        let drawn = TerminalLayer.draw(.kitty(png: Data([1, 2, 3]), columns: 4, rows: 2), lineStart: Self.lineStart)
        #expect(drawn == Data("\u{1B}_Ga=T,t=d,f=100,c=4,r=2,q=2,m=0;AQID\u{1B}\\".utf8))
        #expect(KittyGraphics.deletePlacement(id: 7, placement: 1) == Data("\u{1B}_Ga=d,d=i,i=7,p=1,q=2\u{1B}\\".utf8))
    }

    @Test func textLayerMovesToEachLineAndEndsEveryLine() {
        let lines = [Data("ab".utf8), Data("cd".utf8)]
        let drawn = TerminalLayer.draw(.text(lines), lineEnd: EscapeSequence.resetAttributes, lineStart: Self.lineStart)
        #expect(drawn == Data("ab\u{1B}[0m\u{1B}[4;5Hcd\u{1B}[0m".utf8))
        #expect(TerminalLayer.erase(rows: 2, columns: 2, lineStart: Self.lineStart)
                == Data("\u{1B}[3;5H\u{1B}[2X\u{1B}[4;5H\u{1B}[2X".utf8))
    }
}
