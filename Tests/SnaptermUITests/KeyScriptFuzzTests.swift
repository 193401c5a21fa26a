// Key scripts (`--keys`) never crash: any text, any Unicode, any repeat count either parses or throws
// a KeyScriptError naming the word. Seeded and bounded.
import SnaptermUI
import TestSupport
import Testing

@Suite struct KeyScriptFuzzTests {
    @Test func everySingleScalarWordParsesOrIsNamed() {
        // Every scalar on its own, after "C-", and with a repeat
        var scalar: UInt32 = 0
        while scalar <= 0x10FFFF {
            if let value = Unicode.Scalar(scalar) {
                let text = String(value)
                for script in [text, "C-" + text, "c-" + text, text + "*2", text + "*"] {
                    do {
                        let keys = try KeyScript.parse(script)
                        #expect(keys.count <= 2)
                    } catch {
                        #expect(error.reason == .unknownKey)
                    }
                }
            }
            scalar += scalar < 0x3000 ? 1 : 97
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomScriptsParseOrThrowATypedError(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let words = ["Tab", "Enter", "Esc", "Down*3", "C-l", "C-", "c-x", "*", "**", "*5", "a*0", "a*1001", "a*-1",
                     "a*99999999999999999999", "Space*1000", "PgDn", "x", "🇫🇮", "👨‍👩‍👧*2", "e\u{301}", "\u{0}", "\t", "\r\n"]
        for _ in 0..<500 {
            var script = ""
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                script += Bool.random(using: &random) ? words.randomElement(using: &random)! : FuzzText.random(maxPieces: 2, using: &random)
                script += [" ", "  ", "", "*", "\t"].randomElement(using: &random)!
            }
            do {
                let keys = try KeyScript.parse(script)
                #expect(keys.count <= KeyScript.maxKeys)
            } catch {
                #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            }
        }
    }

    @Test func aScriptOverTheKeyLimitIsRefusedByName() {
        let script = Array(repeating: "Down*1000", count: 101).joined(separator: " ")
        #expect(throws: KeyScriptError(word: "Down*1000", reason: .tooManyKeys(limit: KeyScript.maxKeys))) {
            try KeyScript.parse(script)
        }
    }

    @Test func controlLettersAreAsciiOnly() throws {
        #expect(try KeyScript.parse("C-L c-x") == [.control("l"), .control("x")])
        #expect(throws: KeyScriptError(word: "C-é")) { try KeyScript.parse("C-é") }
    }
}
