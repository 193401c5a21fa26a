// The text layout functions fuzzed directly: random Unicode (flags, ZWJ families, skin tones,
// combining marks, RTL, controls) at widths 0…n. Properties: it terminates, every line fits its
// width, and nothing is lost except the break spaces and what `standIn` replaces. Seeded and bounded.
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@Suite struct TextLayoutFuzzTests {
    static let seeds: [UInt64] = [1, 2, 3, 16, 2026]

    /// What must never reach the terminal: C0, DEL, C1 and the bidirectional controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// What `wrapped` may show of `text` at `width`: its visible form with too-wide characters
    /// replaced, spaces removed (a break drops one).
    static func expectedContent(_ text: String, width: Int) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for character in text {
            let parts = character.unicodeScalars.contains(where: isControl)
                ? Array(SafeText.visible(String(character))) : [character]
            for part in parts where part != " " {
                let shown = SafeText.width(of: part) > width ? SafeText.standIn : part
                out += shown.unicodeScalars.filter { $0 != " " }
            }
        }
        return out
    }

    @Test(arguments: seeds)
    func wrappingKeepsEveryPropertyOnRandomText(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            let text = FuzzText.random(maxPieces: 40, using: &random)
            let width = Int.random(in: -1...24, using: &random)
            let lines = SafeText.wrapped(text, width: width)
            guard width > 0 else {
                #expect(lines.isEmpty)
                continue
            }
            #expect(!lines.isEmpty)
            for line in lines { #expect(SafeText.width(of: line) <= width, "\(text.debugDescription) at \(width): \(line.debugDescription)") }
            let shown = Array(lines.joined().unicodeScalars.filter { $0 != " " })
            #expect(shown == Self.expectedContent(text, width: width), "\(text.debugDescription) at \(width)")
            for line in lines { #expect(!line.unicodeScalars.contains(where: Self.isControl)) }
            let limit = Int.random(in: 0...4, using: &random)
            #expect(SafeText.wrapped(text, width: width, maxLines: limit) == Array(lines.prefix(limit)))
        }
    }

    @Test(arguments: seeds)
    func wrappingAnyScalarsTerminatesAndFits(seed: UInt64) {
        var random = SeededGenerator(seed: seed &+ 100)
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 0...30, using: &random) {
                text.unicodeScalars.append(FuzzText.randomScalar(using: &random))
                if Bool.random(using: &random) { text += " " }
            }
            let width = Int.random(in: 1...6, using: &random)
            let lines = SafeText.wrapped(text, width: width)
            #expect(lines.allSatisfy { SafeText.width(of: $0) <= width })
            #expect(Array(lines.joined().unicodeScalars.filter { $0 != " " }) == Self.expectedContent(text, width: width))
        }
    }

    @Test(arguments: seeds)
    func clippingIsTheLongestPrefixThatFits(seed: UInt64) {
        var random = SeededGenerator(seed: seed &+ 200)
        for _ in 0..<400 {
            let text = SafeText.visible(FuzzText.random(maxPieces: 20, using: &random))
            let width = Int.random(in: -2...30, using: &random)
            let clipped = SafeText.clipped(text, to: width)
            #expect(SafeText.width(of: clipped) <= max(0, width))
            #expect(text.unicodeScalars.starts(with: clipped.unicodeScalars))
            let rest = text.dropFirst(clipped.count)
            if let next = rest.first, width > 0 {
                #expect(SafeText.width(of: clipped) + SafeText.width(of: next) > width, "\(text.debugDescription) at \(width)")
            }
        }
    }

    @Test(arguments: seeds)
    func editingRandomScalarsKeepsTheCursorInTheText(seed: UInt64) {
        var random = SeededGenerator(seed: seed &+ 300)
        let keys: [Key] = [.left, .right, .home, .end, .backspace, .delete, .control("a"), .control("e")]
        for _ in 0..<60 {
            var editor = TextEditor(text: FuzzText.random(maxPieces: 4, from: FuzzText.typedPieces, using: &random))
            for _ in 0..<80 {
                if Int.random(in: 0..<3, using: &random) == 0 {
                    _ = editor.apply(keys.randomElement(using: &random)!)
                } else {
                    // A key delivers one scalar at a time
                    for scalar in FuzzText.random(maxPieces: 1, using: &random).unicodeScalars {
                        _ = editor.apply(.character(Character(scalar)))
                    }
                }
                #expect((0...editor.text.count).contains(editor.cursor))
                #expect(!editor.text.unicodeScalars.contains { $0.properties.generalCategory == .control })
                #expect(editor.cursorColumn <= SafeText.width(of: editor.text))
            }
        }
    }
}
