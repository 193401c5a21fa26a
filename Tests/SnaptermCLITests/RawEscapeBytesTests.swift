// RawEscapeBytesTests: every escape sequence the app writes is built in EscapeSequence — no shipped source
// outside its folder spells an ESC, BEL or C1 control itself.
import Foundation
import Testing

@Suite struct RawEscapeBytesTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
    /// Folders allowed to spell control bytes: EscapeSequence's own, and the modules that do not ship in the app
    /// (test helpers; the benchmark's stand-in terminal and synthetic encoders).
    static let allowed = ["TerminalGraphics/Escapes/", "TestSupport/", "ScrollBench/"]

    @Test func noShippedSourceOutsideEscapeSequenceSpellsAnEscapeByte() throws {
        // `\u{1B}`, `\u{07}`, the C1 introducers as Unicode escapes, and ESC or BEL as byte literals.
        let rawControl = try Regex(#"\\u\{0*(1[bB]|7|9[bBdD0cCeEfF])\}|\b0x0*1[bB]\b|\b0x07\b"#)
        let files = FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 100, "the scan found the sources")
        var offenders: [String] = []
        for file in files {
            let relative = String(file.path.dropFirst(Self.sources.path.count + 1))
            if Self.allowed.contains(where: { relative.hasPrefix($0) }) { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(rawControl) {
                offenders.append("\(relative):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "build these with EscapeSequence:\n\(offenders.joined(separator: "\n"))")
    }
}
