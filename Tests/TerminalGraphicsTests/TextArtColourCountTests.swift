// TextArtColourCountTests: text art uses only the SGR colours a terminal of 8, 16 or 256 colours has —
// a curses program showing it (ranger's preview pane on TERM=xterm) fails on a colour number at or
// above its COLORS — and the count comes from the terminfo entry's `colors`.
import Foundation
import Imaging
import TerminalGraphics
import TestSupport
import Testing

@Suite struct TextArtColourCountTests {
    /// The colour numbers an SGR stream selects (foreground and background), and whether it used any
    /// 24-bit colour; `39`/`49`/`0` (defaults, reset) select none.
    static func colourNumbers(in text: String) -> (numbers: Set<Int>, direct: Bool) {
        var numbers = Set<Int>(), direct = false
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            let parameters = rest.prefix { $0.isNumber || $0 == ";" }
            rest = rest.dropFirst(parameters.count)
            guard rest.first == "m" else { continue }
            var values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
            while let value = values.popFirst() {
                switch value {
                case 30...37, 40...47: numbers.insert(value % 10)
                case 90...97, 100...107: numbers.insert(value % 10 + 8)
                case 38, 48:
                    if values.popFirst() == 5, let index = values.popFirst() { numbers.insert(index) } else { direct = true; values = values.dropFirst(3) }
                default: break
                }
            }
        }
        return (numbers, direct)
    }

    @Test(arguments: [(ColorDepth.ansi8, 8), (.ansi16, 16), (.ansi256, 256)])
    func givenAColourCount_whenEncodingTextArt_thenOnlyThoseColoursAreUsed(depth: ColorDepth, count: Int) throws {
        let card = TestImages.card(width: 120, height: 80)
        let text = try SymbolEncoder(colorDepth: depth).encode(card, columns: 40, rows: 12).map { String(decoding: $0, as: UTF8.self) }.joined()
        let (numbers, direct) = Self.colourNumbers(in: text)
        #expect(!direct)
        #expect(numbers.allSatisfy { $0 < count }, "colours \(numbers.sorted()) on a \(count)-colour terminal")
        // And the art is coloured; with 16 colours the bright ones are used too
        #expect(numbers.count >= 4)
        if count == 16 { #expect(numbers.contains { $0 >= 8 }, "\(numbers.sorted())") }
    }

    /// Compiles a terminfo entry named `name` with `capabilities` into `folder` (tic, from ncurses-bin).
    private func compile(_ name: String, _ capabilities: String, into folder: URL) throws {
        let source = folder.appendingPathComponent("\(name).ti")
        try Data("\(name)|test entry,\n\t\(capabilities)\n".utf8).write(to: source)
        let tic = try Spawn.run("/usr/bin/tic", ["-x", "-o", folder.path, source.path])
        try #require(tic.status == 0, "\(tic.output)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tic"), "needs tic (ncurses-bin)"))
    func givenTerminfoEntries_whenDetecting_thenTheirColoursDecideTheDepth() throws {
        let folder = try TemporaryDirectory()
        try compile("snap-mono", "am, cols#80,", into: folder.url)
        try compile("snap-8", "am, cols#80, colors#8, pairs#64,", into: folder.url)
        try compile("snap-16", "am, cols#80, colors#16, pairs#256,", into: folder.url)
        try compile("snap-256", "am, cols#80, colors#256, pairs#65536,", into: folder.url)
        try compile("snap-rgb", "am, cols#80, colors#0x1000000, pairs#0x10000,", into: folder.url)
        let expected: [(String, Int, ColorDepth)] = [("snap-mono", 0, .none), ("snap-8", 8, .ansi8), ("snap-16", 16, .ansi16),
                                                    ("snap-256", 256, .ansi256), ("snap-rgb", 1 << 24, .truecolor)]
        for (term, colors, depth) in expected {
            let environment = ["TERM": term, "TERMINFO": folder.url.path, "HOME": folder.url.path]
            #expect(TerminfoColors.count(environment: environment) == colors, "\(term)")
            #expect(TerminalCapabilities.colorDepth(environment: environment) == depth, "\(term)")
        }
        // COLORTERM says the emulator takes direct colour whatever the entry says; NO_COLOR wins over all
        #expect(TerminalCapabilities.colorDepth(environment: ["TERM": "snap-8", "TERMINFO": folder.url.path, "COLORTERM": "truecolor"]) == .truecolor)
        #expect(TerminalCapabilities.colorDepth(environment: ["TERM": "snap-256", "TERMINFO": folder.url.path, "NO_COLOR": "1"]) == .none)
    }

    @Test(.enabled(if: TerminfoColors.count(environment: ["TERM": "xterm"]) != nil, "needs the xterm terminfo entry"))
    func givenTheSystemsXtermEntry_whenDetecting_thenItHasEightColours() {
        // Debian's xterm entry (ncurses-base) has colors#8: no bright colours
        #expect(TerminalCapabilities.colorDepth(environment: ["TERM": "xterm"]) == .ansi8)
    }

    @Test func givenAnUnknownTerminal_whenDetecting_thenItsNameDecides() {
        let none: ([String: String]) -> Int? = { _ in nil }
        #expect(TerminalCapabilities.colorDepth(environment: ["TERM": "foo-256color"], terminfoColors: none) == .ansi256)
        #expect(TerminalCapabilities.colorDepth(environment: ["TERM": "foo"], terminfoColors: none) == .ansi16)
    }

    @Test func givenDataThatIsNoEntry_whenReadingColours_thenNothingIsRead() {
        #expect(TerminfoColors.colors(inEntry: Data()) == nil)
        #expect(TerminfoColors.colors(inEntry: Data([0x1A, 0x01, 0xFF, 0x7F, 0, 0, 20, 0])) == nil)
        #expect(TerminfoColors.colors(inEntry: Data("#!/bin/sh\n".utf8)) == nil)
        #expect(TerminfoColors.count(environment: ["TERM": "../../etc/passwd"]) == nil)
    }
}
