// SymbolEncoderTests: chafa text art has one self-contained line per row in the terminal's colour depth.
import Foundation
import Imaging
import TerminalGraphics
import Testing

@Suite struct SymbolEncoderTests {
    private let card = TestImages.card(width: 96, height: 64)

    @Test(arguments: [ColorDepth.truecolor, .ansi256, .ansi16])
    func everyLineSetsItsOwnColoursAndEndsWithAReset(depth: ColorDepth) throws {
        let lines = try SymbolEncoder(colorDepth: depth).encode(card, columns: 24, rows: 8).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.count == 8)
        for line in lines {
            #expect(line.hasPrefix("\u{1B}["))
            #expect(line.hasSuffix("\u{1B}[0m"))
            #expect(!line.contains("\n"))
        }
        let all = lines.joined()
        switch depth {
        case .truecolor: #expect(all.contains("38;2;") || all.contains("48;2;"))
        case .ansi256: #expect(all.contains("38;5;") || all.contains("48;5;")); #expect(!all.contains(";2;"))
        case .ansi16, .ansi8: #expect(!all.contains(";5;") && !all.contains(";2;"))
        case .none: break
        }
    }

    @Test func withoutColourThereAreNoEscapeSequences() throws {
        let lines = try SymbolEncoder(colorDepth: .none).encode(card, columns: 24, rows: 8)
        #expect(lines.count == 8)
        #expect(!lines.contains { $0.contains(0x1B) })
    }
}
