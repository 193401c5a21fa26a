// SixelRaster: the pixel size of a sixel DCS payload — from its raster attributes or by counting.

/// Reads the size of a sixel image without decoding its colours.
enum SixelRaster {
    /// The pixel size of the sixel image in `payload` (the DCS body: `P1;P2;P3 q` then sixel data),
    /// or `nil` when it is not a sixel sequence. Raster attributes (`"Pan;Pad;Ph;Pv`) win when they
    /// give a size; otherwise the size is counted from the sixel data (columns, and bands of 6 rows
    /// up to the lowest pixel set).
    static func measure(_ payload: [UInt8]) -> (width: Int, height: Int)? {
        var index = 0
        while index < payload.count, payload[index] == UInt8(ascii: ";") || (0x30...0x39).contains(payload[index]) { index += 1 }
        guard index < payload.count, payload[index] == UInt8(ascii: "q") else { return nil }
        index += 1
        var raster: (width: Int, height: Int)?
        var x = 0, band = 0, width = 0, height = 0
        func numbers(from start: Int) -> (values: [Int], end: Int) {
            var values: [Int] = [], current = 0, end = start, hasDigit = false
            while end < payload.count {
                let byte = payload[end]
                if (0x30...0x39).contains(byte) {
                    current = current &* 10 &+ Int(byte - 0x30)
                    hasDigit = true
                } else if byte == UInt8(ascii: ";") {
                    values.append(current); current = 0
                } else { break }
                end += 1
            }
            if hasDigit || !values.isEmpty { values.append(current) }
            return (values, end)
        }
        func draw(_ byte: UInt8, count: Int) {
            let bits = Int(byte) - 0x3F
            if bits != 0 {
                width = max(width, x + count)
                height = max(height, band * 6 + (Int.bitWidth - bits.leadingZeroBitCount))
            }
            x += count
        }
        while index < payload.count {
            let byte = payload[index]
            switch byte {
            case UInt8(ascii: "\""):
                let (values, end) = numbers(from: index + 1)
                if values.count >= 4, values[2] > 0, values[3] > 0 { raster = (values[2], values[3]) }
                index = end
                continue
            case UInt8(ascii: "#"):
                index = numbers(from: index + 1).end
                continue
            case UInt8(ascii: "!"):
                let (values, end) = numbers(from: index + 1)
                if end < payload.count, (0x3F...0x7E).contains(payload[end]) {
                    draw(payload[end], count: max(1, values.first ?? 1))
                    index = end + 1
                } else {
                    index = end
                }
                continue
            case UInt8(ascii: "$"): x = 0
            case UInt8(ascii: "-"): x = 0; band += 1
            case 0x3F...0x7E: draw(byte, count: 1)
            default: break
            }
            index += 1
        }
        return raster ?? (width, height)
    }

    /// FNV-1a over the payload: the identity of an image's content.
    static func checksum(_ payload: [UInt8]) -> UInt64 {
        payload.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
