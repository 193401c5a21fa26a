// BMPDecoder: a checked Windows BMP header's pixel rows as an upright RGBA bitmap, or one upright row as RGB.
import Foundation

/// Decodes BMP pixels (1, 4, 8 bits through a palette; 16 and 32 bits through channel masks; 24 bits
/// B, G, R). Every read is inside the rows `BMPHeader` checked are there (each row is `rowBytes` long
/// and holds `width` pixels); palette indices past its end are black.
enum BMPDecoder {
    /// The picture in `raw`, upright, as RGBA.
    static func decode(_ raw: UnsafeRawBufferPointer, header: BMPHeader) -> Bitmap {
        let width = header.width
        var pixels = [UInt8](repeating: 255, count: width * header.height * 4)
        let channels = Channels(header)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<header.height {
                let target = UnsafeMutableBufferPointer(rebasing: out[y * width * 4..<(y + 1) * width * 4])
                decode(storedRow(raw, header: header, upright: y), into: target, pixelBytes: 4, header: header, channels: channels)
            }
        }
        return Bitmap(width: width, height: header.height, pixels: pixels)!
    }

    /// Upright row `y` of the picture in `raw` as RGB (3 bytes a pixel) into `target`, `header.width * 3` bytes.
    static func decodeRGB(_ raw: UnsafeRawBufferPointer, header: BMPHeader, row y: Int, into target: UnsafeMutableBufferPointer<UInt8>) {
        decode(storedRow(raw, header: header, upright: y), into: target, pixelBytes: 3, header: header, channels: Channels(header))
    }

    /// The stored bytes of upright row `y` (`rowBytes` of them): the rows are kept bottom row first unless `topDown`.
    static func storedRow(_ raw: UnsafeRawBufferPointer, header: BMPHeader, upright y: Int) -> UnsafeRawBufferPointer {
        let start = header.pixelOffset + (header.topDown ? y : header.height - 1 - y) * header.rowBytes
        return UnsafeRawBufferPointer(rebasing: raw[start..<start + header.rowBytes])
    }

    /// One stored row's pixels into `target`, `pixelBytes` (3 or 4) a pixel: R, G, B, and alpha from a mask that
    /// has one when there are 4 (the other bytes of `target` are left as they were).
    private static func decode(
        _ source: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<UInt8>, pixelBytes: Int, header: BMPHeader, channels: Channels
    ) {
        switch header.bitsPerPixel {
        case 24: bgr(source, into: target, width: header.width, pixelBytes: pixelBytes)
        case 16, 32: masked(source, into: target, width: header.width, bytes: header.bitsPerPixel / 8, pixelBytes: pixelBytes, channels: channels)
        default: indexed(source, into: target, width: header.width, bits: header.bitsPerPixel, pixelBytes: pixelBytes, palette: header.palette)
        }
    }

    private static func bgr(_ source: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<UInt8>, width: Int, pixelBytes: Int) {
        for x in 0..<width {
            target[x * pixelBytes] = source[x * 3 + 2]
            target[x * pixelBytes + 1] = source[x * 3 + 1]
            target[x * pixelBytes + 2] = source[x * 3]
        }
    }

    private static func masked(
        _ source: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<UInt8>, width: Int, bytes: Int, pixelBytes: Int, channels: Channels
    ) {
        let writesAlpha = pixelBytes == 4 && channels.alpha.bits > 0
        for x in 0..<width {
            let value = bytes == 4 ? UInt32(littleEndian: source.loadUnaligned(fromByteOffset: x * 4, as: UInt32.self))
                : UInt32(UInt16(littleEndian: source.loadUnaligned(fromByteOffset: x * 2, as: UInt16.self)))
            target[x * pixelBytes] = channels.red.value(value)
            target[x * pixelBytes + 1] = channels.green.value(value)
            target[x * pixelBytes + 2] = channels.blue.value(value)
            if writesAlpha { target[x * 4 + 3] = channels.alpha.value(value) }
        }
    }

    private static func indexed(
        _ source: UnsafeRawBufferPointer, into target: UnsafeMutableBufferPointer<UInt8>, width: Int, bits: Int, pixelBytes: Int, palette: [RGBA]
    ) {
        let black = RGBA(red: 0, green: 0, blue: 0)
        for x in 0..<width {
            let bit = x * bits
            let index = Int(source[bit / 8] >> (8 - bits - bit % 8)) & (1 << bits - 1)
            let colour = index < palette.count ? palette[index] : black
            target[x * pixelBytes] = colour.red
            target[x * pixelBytes + 1] = colour.green
            target[x * pixelBytes + 2] = colour.blue
        }
    }

    /// The four channel masks of 16- and 32-bit pixels (none for the other depths).
    private struct Channels {
        let red: Channel, green: Channel, blue: Channel, alpha: Channel

        init(_ header: BMPHeader) {
            let masks = header.masks ?? BMPHeader.Masks(red: 0, green: 0, blue: 0, alpha: 0)
            (red, green, blue, alpha) = (Channel(masks.red), Channel(masks.green), Channel(masks.blue), Channel(masks.alpha))
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
