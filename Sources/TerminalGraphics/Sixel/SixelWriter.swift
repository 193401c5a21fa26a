// SixelWriter: colour indices and a palette in, one 7-bit DCS sixel sequence out.
import Foundation

/// Writes a sixel image: `ESC P 0;P2;0 q`, raster attributes (`"1;1;W;H`, square pixels), the colour
/// registers used, then bands of six rows, each colour of a band as one run-length-coded line.
///
/// Transparent pixels are never painted; when there are any, P2 is 1 so the terminal leaves them as they were
/// (its background) instead of filling them with colour register 0.
enum SixelWriter {
    /// The sequence for `indices` (`width × height`, row by row; `SixelDitherer.transparent` for none).
    static func write(indices: [UInt16], width: Int, height: Int, table: SixelColorTable, transparent: Bool) -> Data {
        var out = [UInt8]()
        out.reserveCapacity(width * height / 2 + 4096)
        out += Array(EscapeSequence.sixelStart(width: width, height: height, transparent: transparent).utf8)
        var used = [Bool](repeating: false, count: table.count)
        for index in indices where index != SixelDitherer.transparent { used[Int(index)] = true }
        for colour in 0..<table.count where used[colour] {
            out += Array("#\(colour);2;\(table.percent[colour * 3]);\(table.percent[colour * 3 + 1]);\(table.percent[colour * 3 + 2])".utf8)
        }
        // One band: the six-row bit pattern of each colour present, per column, in `lines[slot * width + x]`.
        var lines = [UInt8](repeating: 0, count: width * table.count)
        var slotOf = [Int](repeating: -1, count: table.count)
        var colours: [Int] = []
        var spans: [(first: Int, last: Int)] = []
        indices.withUnsafeBufferPointer { indices in
            for top in stride(from: 0, to: height, by: 6) {
                colours.removeAll(keepingCapacity: true)
                spans.removeAll(keepingCapacity: true)
                for row in top..<min(top + 6, height) {
                    let bit = UInt8(1) << (row - top)
                    for x in 0..<width {
                        let index = indices[row * width + x]
                        guard index != SixelDitherer.transparent else { continue }
                        var slot = slotOf[Int(index)]
                        if slot < 0 {
                            slot = colours.count
                            slotOf[Int(index)] = slot
                            colours.append(Int(index))
                            spans.append((x, x))
                        }
                        lines[slot * width + x] |= bit
                        spans[slot].first = min(spans[slot].first, x)
                        spans[slot].last = max(spans[slot].last, x)
                    }
                }
                for (slot, colour) in colours.enumerated() {
                    if slot > 0 { out.append(UInt8(ascii: "$")) }
                    out.append(UInt8(ascii: "#"))
                    appendNumber(colour, to: &out)
                    let base = slot * width
                    let first = spans[slot].first, last = spans[slot].last
                    if first > 0 { append(run: first, of: 0x3F, to: &out) }
                    var x = first
                    while x <= last {
                        let bits = lines[base + x]
                        var run = 1
                        while x + run <= last, lines[base + x + run] == bits { run += 1 }
                        append(run: run, of: 0x3F + bits, to: &out)
                        x += run
                    }
                    for column in first...last { lines[base + column] = 0 }  // the next band starts blank
                    slotOf[colour] = -1
                }
                if top + 6 < height { out.append(UInt8(ascii: "-")) }
            }
        }
        out += Array(EscapeSequence.stringTerminator.utf8)
        return Data(out)
    }

    /// `count` copies of the sixel `character`: repeated up to three times, else `!count` and the character.
    private static func append(run count: Int, of character: UInt8, to out: inout [UInt8]) {
        if count > 3 {
            out.append(UInt8(ascii: "!"))
            appendNumber(count, to: &out)
            out.append(character)
        } else {
            for _ in 0..<count { out.append(character) }
        }
    }

    /// The decimal digits of `value` (≥ 0).
    private static func appendNumber(_ value: Int, to out: inout [UInt8]) {
        if value >= 10 { appendNumber(value / 10, to: &out) }
        out.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
