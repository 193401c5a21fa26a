// PNGEncoder: a small, fast PNG writer for map snapshots (zlib at a low level; RGB when opaque).
import CZlib
import Foundation
import Imaging

/// Encodes bitmaps as PNG. Map pictures are mostly flat colour, so the "Sub" filter and a fast zlib
/// level give small files several times faster than Cairo's libpng defaults.
enum PNGEncoder {
    /// The PNG bytes of `bitmap` (colour type RGB when every pixel is opaque, else RGBA).
    static func encode(_ bitmap: Bitmap, level: Int32 = 2) throws(MapSnapshotError) -> Data {
        let width = bitmap.width, height = bitmap.height
        let opaque = stride(from: 3, to: bitmap.pixels.count, by: 4).allSatisfy { bitmap.pixels[$0] == 255 }
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels
        var raw = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            raw.withUnsafeMutableBufferPointer { out in
                for y in 0..<height {
                    let rowStart = y * (rowBytes + 1)
                    out[rowStart] = 1  // filter: Sub (difference to the pixel on the left)
                    for x in 0..<width {
                        let source = (y * width + x) * 4
                        let target = rowStart + 1 + x * channels
                        for c in 0..<channels {
                            let left: UInt8 = x > 0 ? pixels[source - 4 + c] : 0
                            out[target + c] = pixels[source + c] &- left
                        }
                    }
                }
            }
        }
        var compressedLength = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedLength))
        let status = compress2(&compressed, &compressedLength, raw, uLong(raw.count), level)
        guard status == Z_OK else { throw .renderingFailed(reason: "zlib compress2 failed (\(status))") }

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = [UInt8]()
        header += bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, opaque ? 2 : 6, 0, 0, 0]  // 8-bit, RGB or RGBA, deflate, adaptive filters, no interlace
        appendChunk("IHDR", header[...], to: &png)
        appendChunk("IDAT", compressed[0..<Int(compressedLength)], to: &png)
        appendChunk("IEND", [][...], to: &png)
        return png
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendChunk(_ type: String, _ body: ArraySlice<UInt8>, to png: inout Data) {
        let typeBytes = Array(type.utf8)
        png.append(contentsOf: bigEndian(UInt32(body.count)))
        png.append(contentsOf: typeBytes)
        png.append(contentsOf: body)
        var crc = crc32(0, typeBytes, uInt(typeBytes.count))
        crc = body.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt($0.count)) }
        png.append(contentsOf: bigEndian(UInt32(truncatingIfNeeded: crc)))
    }
}
