// AsciiGoldenTests: plain-ASCII art of a small image matches its golden file byte for byte.
import Foundation
import Imaging
import TerminalGraphics
import Testing

@Suite struct AsciiGoldenTests {
    /// Set SNAPTERM_UPDATE_GOLDEN=1 to rewrite the golden files after a deliberate change.
    private let update = ProcessInfo.processInfo.environment["SNAPTERM_UPDATE_GOLDEN"] == "1"

    @Test(arguments: [(24, 8), (40, 12)])
    func asciiArtOfTheTestCardMatchesTheGoldenFile(columns: Int, rows: Int) throws {
        // Given a 96×64 test card, when encoded as ASCII
        let lines = try AsciiEncoder().encode(TestImages.card(width: 96, height: 64), columns: columns, rows: rows)
        let text = lines.map { String(decoding: $0, as: UTF8.self) + "\n" }.joined()
        let golden = TestImages.fixtures.appendingPathComponent("ascii-card-\(columns)x\(rows).txt")
        if update { try Data(text.utf8).write(to: golden) }
        // Then it is exactly the golden file, one line per row, only printable ASCII
        #expect(text == (try String(contentsOf: golden, encoding: .utf8)))
        #expect(lines.count == rows)
        #expect(lines.allSatisfy { $0.count == columns && $0.allSatisfy { (0x20..<0x7F).contains($0) } })
    }

    @Test func blackIsBlankAndWhiteIsTheDensestCharacter() throws {
        let black = try AsciiEncoder().encode(Bitmap(width: 8, height: 8, filledWith: RGBA(red: 0, green: 0, blue: 0)), columns: 2, rows: 1)
        let white = try AsciiEncoder().encode(Bitmap(width: 8, height: 8, filledWith: RGBA(red: 255, green: 255, blue: 255)), columns: 2, rows: 1)
        #expect(black == [Data("  ".utf8)])
        #expect(white == [Data("@@".utf8)])
    }
}
