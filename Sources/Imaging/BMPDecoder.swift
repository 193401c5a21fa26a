// BMPDecoder: a checked Windows BMP header's pixel rows as an upright RGBA bitmap.
import Foundation

/// Decodes BMP pixels (1, 4, 8 bits through a palette; 16 and 32 bits through channel masks; 24 bits
/// B, G, R). Every read is inside the rows `BMPHeader` checked are there (each row is `rowBytes` long
/// and holds `width` pixels); palette indices past its end are black.
enum BMPDecoder {
    /// The picture in `raw`, upright, as RGBA.
    static func decode(_ raw: UnsafeRawBufferPointer, header: BMPHeader) -> Bitmap {
        let width = header.width
        var pixels = [UInt8](repeating: 255, count: width * header.height * 4)
        let masks = header.masks.map { [$0.red, $0.green, $0.blue, $0.alpha].map(Channel.init) } ?? []
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<header.height {
                let start = header.pixelOffset + row * header.rowBytes
                let source = UnsafeRawBufferPointer(rebasing: raw[start..<start + header.rowBytes])
                let y = header.topDown ? row : header.height - 1 - row
                let target = UnsafeMutableBufferPointer(rebasing: out[y * width * 4..<(y + 1) * width * 4])
                switch header.bitsPerPixel {
                case 24: bgr(source, into: target, width: width)
                case 16, 32: masked(source, into: target, width: width, bytes: header.bitsPerPixel / 8, channels: masks)
                default: indexed(source, into: target, width: width, bits: header.bitsPerPixel, palette: header.palette)
                }
            }
        }
        return Bitmap(width: width, height: header.height, pixels: pixels)!
    }

    private static func bgr(_ source: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<UInt8>, width: Int) {
        for x in 0..<width {
            target[x * 4] = source[x * 3 + 2]
            target[x * 4 + 1] = source[x * 3 + 1]
            target[x * 4 + 2] = source[x * 3]
        }
    }

    private static func masked(
        _ source: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<UInt8>, width: Int, bytes: Int, channels: [Channel]
    ) {
        let (red, green, blue, alpha) = (channels[0], channels[1], channels[2], channels[3])
        for x in 0..<width {
            let value = bytes == 4 ? UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                : UInt32(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self)))
            target[x * 4] = red.value(value)
            target[x * 4 + 1] = green.value(value)
            target[x * 4 + 2] = blue.value(value)
            if alpha.bits > 0 { target[x * 4 + 3] = alpha.value(value) }
        }
    }

    private static func indexed(
        _ source: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<UInt8>, width: Int, bits: Int, palette: [RGBA]
    ) {
        let black = RGBA(red: 0, green: 0, blue: 0)
        for x in 0..<width {
            let bit = x * bits
            let index = Int(source[bit / 8] >> (8 - bits - bit % 8)) & (1 << bits - 1)
            let colour = index < palette.count ? palette[index] : black
            target[x * 4] = colour.red
            target[x * 4 + 1] = colour.green
            target[x * 4 + 2] = colour.blue
        }
    }

    /// One channel's mask: where its bits sit and how many there are, scaled to 0…255 when read.
    private struct Channel {
        let mask: UInt32, shift: UInt32, bits: Int

        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            bits = min(16, (~(mask >> shift)).trailingZeroBitCount)
        }

        func value(_ pixel: UInt32) -> UInt8 {
            guard bits > 0 else { return 0 }
            let raw = (pixel & mask) >> shift & (UInt32(1) << bits - 1)
            return UInt8(raw * 255 / (UInt32(1) << bits - 1))
        }
    }
}
