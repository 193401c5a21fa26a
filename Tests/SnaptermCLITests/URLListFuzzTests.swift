// Seeded fuzz of the list parser: any bytes give pictures and bad lines, never a crash; every line is
// either kept, skipped or named, and no kept line carries a control character.
import Foundation
@testable import snapterm
import TestSupport
import Testing

@Suite struct URLListFuzzTests {
    private static let pieces = FuzzText.pieces + ["#", "http://", "https://h/", "ftp://", "map://?", "-", "/", "%1B", ":", "\u{FEFF}"]

    @Test func anyBytesGiveKeptSkippedOrNamedLinesAndNoControlCharacterIsKept() {
        var generator = SeededGenerator(seed: 0x5EED_0125)
        for _ in 0..<2_000 {
            // Given random text from the pieces that break text handling, some with raw non-UTF-8 bytes
            var data = Data(FuzzText.random(maxPieces: 24, from: Self.pieces, using: &generator).utf8)
            if Bool.random(using: &generator) { data.insert(UInt8.random(in: 0x80...0xFF, using: &generator), at: data.count / 2) }
            // When it is parsed
            let list = URLList.parse(data, list: "fuzz.txt", folder: "/lists", exists: { _ in false })
            // Then the line numbers are in range and strictly increasing, kept and bad lines never the same
            let lineCount = data.split(separator: 0x0A, omittingEmptySubsequences: false).count
            let kept = list.lines.map(\.number)
            let named = list.problems.compactMap { if case .badLine(_, let number, _) = $0 { number } else { nil } }
            #expect(kept == kept.sorted() && Set(kept).count == kept.count && Set(kept).isDisjoint(with: named))
            #expect((kept + named).allSatisfy { (1...lineCount).contains($0) })
            // And no kept picture's text holds a control character (percent-encoded ones, `%1B`, are the URL's own)
            for line in list.lines {
                let text = switch line.source {
                case .path(let url): url.path
                case .url(let url): url.absoluteString
                case .standardInput: "-"
                }
                #expect(!text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) || $0 == "\u{202E}" },
                        "line \(line.number) of \(data as NSData)")
            }
        }
    }
}
