// BMPDecoder: a checked Windows BMP header's pixel rows as an upright RGBA bitmap.
import Foundation

/// Decodes BMP pixels (1, 4, 8 bits through a palette; 16 and 32 bits through channel masks; 24 bits
/// B, G, R). Every read is inside the bounds `BMPHeader` checked; palette indices past its end are black.
enum BMPDecoder {
    /// The picture in `raw`, upright, as RGBA.
    static func decode(_ raw: UnsafeRawBufferPointer, header: BMPHeader) -> Bitmap {
        var pixels = [UInt8](repeating: 255, count: header.width * header.height * 4)
        let channels = header.masks.map { [$0.red, $0.green, $0.blue, $0.alpha].map(Channel.init) }
        let black = RGBA(red: 0, green: 0, blue: 0)
        for row in 0..<header.height {
            let source = header.pixelOffset + row * header.rowBytes
            let y = header.topDown ? row : header.height - 1 - row
            for x in 0..<header.width {
                let colour: RGBA
                switch header.bitsPerPixel {
                case 1, 4, 8:
                    let bit = x * header.bitsPerPixel
                    let byte = raw[source + bit / 8]
                    let index = Int(byte >> (8 - header.bitsPerPixel - bit % 8)) & (1 << header.bitsPerPixel - 1)
                    colour = index < header.palette.count ? header.palette[index] : black
                case 24:
                    let base = source + x * 3
                    colour = RGBA(red: raw[base + 2], green: raw[base + 1], blue: raw[base])
                default:
                    let bytes = header.bitsPerPixel / 8, base = source + x * bytes
                    let value = (0..<bytes).reduce(UInt32(0)) { $0 | UInt32(raw[base + $1]) << (8 * $1) }
                    let c = channels!
                    colour = RGBA(red: c[0].value(value), green: c[1].value(value), blue: c[2].value(value),
                                  alpha: c[3].bits == 0 ? 255 : c[3].value(value))
                }
                let out = (y * header.width + x) * 4
                pixels[out] = colour.red
                pixels[out + 1] = colour.green
                pixels[out + 2] = colour.blue
                pixels[out + 3] = colour.alpha
            }
        }
        return Bitmap(width: header.width, height: header.height, pixels: pixels)!
    }

    /// One channel's mask: where its bits sit and how many there are, scaled to 0…255 when read.
    private struct Channel {
        let mask: UInt32, shift: UInt32, bits: Int

        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            bits = min(16, (mask >> shift).trailingOneBitCount)
        }

        func value(_ pixel: UInt32) -> UInt8 {
            guard bits > 0 else { return 0 }
            let raw = (pixel & mask) >> shift & (UInt32(1) << bits - 1)
            return UInt8(raw * 255 / (UInt32(1) << bits - 1))
        }
    }
}

private extension UInt32 {
    var trailingOneBitCount: Int { (~self).trailingZeroBitCount }
}
