// NoRawEscapesTests: every control sequence Snapterm writes is built in EscapeSequence — no shipped source
// outside it spells an ESC, BEL or C1 control in a string or a byte-array literal.
import Foundation
import TestSupport
import Testing

@Suite struct NoRawEscapesTests {
    /// The folders of code that ships (test support and the benchmarks do not).
    private static let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")
    private static let notShipped: Set<String> = ["TestSupport", "snapterm-bench", "ScrollBench"]
    private static let allowed = "TerminalGraphics/Escapes/EscapeSequence.swift"
    /// ESC, BEL, CSI and ST as Swift string escapes, and byte arrays opening with ESC.
    private static let spellings = ["\\u{1B}", "\\u{1b}", "\\u{001B}", "\\u{07}", "\\u{9B}", "\\u{9C}", "Data([0x1B", "[0x1B, "]

    @Test func noShippedSourceOutsideEscapeSequenceSpellsAControlSequence() throws {
        var checked = 0, offenders: [String] = []
        let files = FileManager.default.enumerator(at: Self.shipped, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let relative = String(file.path.dropFirst(Self.shipped.path.count + 1))
            guard let module = relative.split(separator: "/").first, !Self.notShipped.contains(String(module)),
                  relative != Self.allowed else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            checked += 1
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where Self.spellings.contains(where: line.contains) && !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                offenders.append("\(relative):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(checked > 100, "found \(checked) sources under \(Self.shipped.path)")
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
