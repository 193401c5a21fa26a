// ProgressiveJPEGWriter: flat grey progressive JPEGs written by hand, with any scan script — valid
// progressions of hundreds of scans, or one scan repeated thousands of times (as a crafted file does).
import Foundation

/// Writes a progressive JPEG of a flat grey picture (every coefficient zero, so each AC scan is a few
/// end-of-band runs whatever the picture's size): decoding cost grows with scans × blocks while the
/// file stays small. Huffman tables: DC has one code (category 0), AC one per end-of-band run length.
enum ProgressiveJPEGWriter {
    /// One scan: a component (0-based), a spectral band and the successive-approximation bits.
    struct Scan {
        var component: Int
        var start: Int
        var end: Int
        var high: Int = 0
        var low: Int = 0
    }

    /// `width × height`, `components` (1 or 3), the DC scan of every component first, then `scans`.
    static func jpeg(width: Int, height: Int, components: Int, scans: [Scan]) -> Data {
        var out: [UInt8] = [0xFF, 0xD8]
        segment(0xDB, [0] + [UInt8](repeating: 1, count: 64), into: &out)  // quantisation table 0: all ones
        var frame: [UInt8] = [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), UInt8(components)]
        for id in 1...components { frame += [UInt8(id), 0x11, 0] }
        segment(0xC2, frame, into: &out)
        // DC table 0: one code, "0", for category 0. AC table 0: EOB0…EOB14, four bits each.
        segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0x00], into: &out)
        segment(0xC4, [0x10, 0, 0, 0, 15] + [UInt8](repeating: 0, count: 12) + (0...14).map { UInt8($0 << 4) }, into: &out)
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        // The DC scan, all components interleaved: one "0" bit (no difference) per block.
        var header: [UInt8] = [UInt8(components)]
        for id in 1...components { header += [UInt8(id), 0x00] }
        segment(0xDA, header + [0, 0, 0], into: &out)
        var bits = BitWriter()
        for _ in 0..<(blocks * components) { bits.write(0, count: 1) }
        out += bits.finished()
        for scan in scans {
            segment(0xDA, [1, UInt8(scan.component + 1), 0x00, UInt8(scan.start), UInt8(scan.end),
                           UInt8(scan.high << 4 | scan.low)], into: &out)
            out += endOfBandRuns(blocks: blocks)
        }
        out += [0xFF, 0xD9]
        return Data(out)
    }

    /// A valid progression: each AC coefficient of each component alone, first at point transform 13,
    /// then refined one bit at a time — 63 × 14 scans per component, every one legal.
    static func validScans(components: Int) -> [Scan] {
        (0..<components).flatMap { component in
            (1...63).flatMap { k in
                (0...13).reversed().map { low in Scan(component: component, start: k, end: k, high: low == 13 ? 0 : low + 1, low: low) }
            }
        }
    }

    /// The first AC scan of component 0 (at point transform 1) and then `count` copies of it: each copy
    /// is a bogus progression (it should refine bit 0) that libjpeg warns about and decodes anyway.
    static func repeatedScans(_ count: Int) -> [Scan] {
        [Scan](repeating: Scan(component: 0, start: 1, end: 63, low: 1), count: count + 1)
    }

    private static func segment(_ marker: UInt8, _ body: [UInt8], into out: inout [UInt8]) {
        let length = body.count + 2
        out += [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
    }

    /// `blocks` blocks with nothing in the band: end-of-band runs of at most 32767 (EOB14 with 14 bits).
    private static func endOfBandRuns(blocks: Int) -> [UInt8] {
        var bits = BitWriter()
        var left = blocks
        while left > 0 {
            let run = min(left, 32_767)
            let category = Int.bitWidth - 1 - run.leadingZeroBitCount  // 2^category ≤ run
            bits.write(UInt32(category), count: 4)
            bits.write(UInt32(run - (1 << category)), count: category)
            left -= run
        }
        return bits.finished()
    }

    /// Bits, most significant first, with a zero stuffed after each 0xFF byte; padded with ones.
    private struct BitWriter {
        private var bytes: [UInt8] = []
        private var current: UInt32 = 0
        private var used = 0

        mutating func write(_ value: UInt32, count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) {
                current = current << 1 | (value >> UInt32(shift) & 1)
                used += 1
                if used == 8 { flush() }
            }
        }

        mutating func finished() -> [UInt8] {
            while used != 0 { write(1, count: 1) }
            return bytes
        }

        private mutating func flush() {
            bytes.append(UInt8(current))
            if current == 0xFF { bytes.append(0) }
            current = 0
            used = 0
        }
    }
}
