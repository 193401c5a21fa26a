// SafeText's column widths against glibc's wcwidth (what ncurses and tmux lay text out by): never
// fewer columns for any printable scalar (so a line that fits for us fits on screen), and the same
// for the characters the fuzz suites type (so the composer's cursor sits where the terminal puts it).
import Glibc
import SnaptermUI
import TerminalGraphics
import TestSupport
import Testing

@Suite(.serialized) struct WidthAgreesWithWcwidthTests {
    /// glibc's `wcwidth` (not exported by the Glibc module: it sits behind `_XOPEN_SOURCE`).
    private let wcwidth: @convention(c) (Int32) -> Int32

    init() throws {
        _ = setlocale(LC_CTYPE, "C.UTF-8")
        let symbol = try #require(dlsym(dlopen(nil, RTLD_NOW), "wcwidth"))
        wcwidth = unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }

    @Test func neverNarrowerThanWcwidth() {
        var narrower: [String] = []
        var value: UInt32 = 0x20
        while value <= 0x10FFFF {
            if let scalar = Unicode.Scalar(value), !(0x7F..<0xA0).contains(value) {
                let theirs = Int(wcwidth(Int32(bitPattern: value)))
                if theirs >= 0, SafeText.width(of: String(scalar)) < theirs { narrower.append(String(value, radix: 16)) }
            }
            value += 1
        }
        #expect(narrower.isEmpty, "\(narrower.count) scalars narrower than wcwidth, e.g. \(narrower.prefix(20))")
    }

    @Test func theTypedPiecesMeasureAsTheTerminalDoes() {
        for piece in FuzzText.typedPieces {
            let theirs = piece.unicodeScalars.reduce(0) { $0 + max(0, Int(wcwidth(Int32(bitPattern: $1.value)))) }
            #expect(SafeText.width(of: piece) == theirs, "\(piece.debugDescription)")
        }
    }
}
