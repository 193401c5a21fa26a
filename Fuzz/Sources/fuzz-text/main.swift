// fuzz-text: SafeText's escaping, widths, clipping and wrapping on arbitrary text and widths, with
// the layout properties asserted: it terminates, every line fits, nothing is lost but what is clipped.
import FuzzSupport
import TerminalGraphics

/// Whether `text` holds a C0 or C1 control character, DEL or a bidirectional control (U+061C,
/// U+200E–200F, U+202A–202E, U+2066–2069) — what must never reach the terminal.
func hasControl(_ text: String) -> Bool {
    text.unicodeScalars.contains { scalar in
        switch scalar.value {
        case 0x00..<0x20, 0x7F..<0xA0, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// The text's scalars without spaces (the only thing wrapping may drop, at a break).
func withoutSpaces(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { $0 != " " }
}

/// Whether `part` occurs in `whole` in order (not necessarily adjacent).
func isSubsequence(_ part: [Unicode.Scalar], of whole: [Unicode.Scalar]) -> Bool {
    var index = whole.startIndex
    for scalar in part {
        guard let found = whole[index...].firstIndex(of: scalar) else { return false }
        index = found + 1
    }
    return true
}

/// One input: byte 0 is the width (0…63), byte 1 the line limit (0 = none), the rest UTF-8 text.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzText(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    guard bytes.count >= 2 else { return 0 }
    let width = Int(bytes[0] % 64), limit = Int(bytes[1] % 8)
    let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
    let visible = SafeText.visible(text)
    precondition(!hasControl(visible), "visible() left a control character")

    let clipped = SafeText.clipped(text, to: width)
    precondition(SafeText.width(of: clipped) <= max(width, 0), "clipped wider than \(width)")
    precondition(text.hasPrefix(clipped), "clipped is not a prefix of the text")
    if width > 0, clipped.count < text.count {  // (documented: empty at width 0, even for zero-width text)
        let next = text[text.index(text.startIndex, offsetBy: clipped.count)]
        precondition(SafeText.width(of: clipped) + SafeText.width(of: next) > width, "clipped stopped early")
    }

    let lines = SafeText.wrapped(text, width: width)
    precondition(width > 0 || lines.isEmpty, "lines at width 0")
    for line in lines {
        precondition(SafeText.width(of: line) <= width, "a \(SafeText.width(of: line))-column line at width \(width)")
        precondition(!hasControl(line), "a control character reached a line")
    }
    if width > 0 {
        let shown = withoutSpaces(lines.joined()), expected = withoutSpaces(visible)
        if text.allSatisfy({ SafeText.width(of: $0) <= width }) {
            precondition(shown == expected, "text lost or changed in wrapping at width \(width)")
        } else {
            // Characters wider than the line become the stand-in; everything else stays, in order.
            let kept = shown.filter { $0 != SafeText.standIn.unicodeScalars.first! }
            precondition(isSubsequence(kept, of: expected), "text changed in wrapping at width \(width)")
        }
    }
    if limit > 0 {
        let limited = SafeText.wrapped(text, width: width, maxLines: limit)
        precondition(limited == Array(lines.prefix(limit)), "maxLines \(limit) is not the first \(limit) lines")
    }
    return 0
}

runLibFuzzer(fuzzText)
