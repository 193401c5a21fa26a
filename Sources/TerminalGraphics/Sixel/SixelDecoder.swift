// SixelDecoder: sixel bytes back to pixels with libsixel's decoder — for tests, benchmarks and `--output`.
import CSixel
import Foundation
import Imaging

/// Decodes a sixel sequence into an opaque RGBA bitmap.
public enum SixelDecoder {
    /// Decodes `sixel` (one DCS sequence); pixels no sixel painted come out as palette colour 0.
    public static func decode(_ sixel: Data) throws -> Bitmap {
        guard !sixel.isEmpty else { throw TerminalGraphicsError.undecodableSixel(reason: "no bytes") }
        // libsixel decodes anything, even plain text, to some image: insist on a DCS … q introducer.
        guard sixel.starts(with: [0x1B, UInt8(ascii: "P")]) || sixel.first == 0x90,
              let q = sixel.prefix(32).firstIndex(of: UInt8(ascii: "q")),
              sixel[sixel.startIndex..<q].dropFirst(sixel.first == 0x90 ? 1 : 2).allSatisfy({ (0x30...0x3B).contains($0) })
        else { throw TerminalGraphicsError.undecodableSixel(reason: "no DCS sixel introducer (ESC P … q)") }
        var bytes = [UInt8](sixel)
        var indices: UnsafeMutablePointer<UInt8>?
        var palette: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, colors: Int32 = 0
        let status = bytes.withUnsafeMutableBufferPointer { buffer in
            sixel_decode_raw(buffer.baseAddress, Int32(buffer.count), &indices, &width, &height, &palette, &colors, nil)
        }
        defer { free(indices); free(palette) }
        guard snapterm_sixel_failed(status) == 0, let indices, let palette, width > 0, height > 0 else {
            let message = sixel_helper_format_error(status).map { String(cString: $0) } ?? "status \(status)"
            throw TerminalGraphicsError.undecodableSixel(reason: message)
        }
        let count = Int(width) * Int(height)
        var pixels = [UInt8](repeating: 255, count: count * 4)
        for index in 0..<count {
            let entry = Int(indices[index]) * 3
            pixels[index * 4] = palette[entry]
            pixels[index * 4 + 1] = palette[entry + 1]
            pixels[index * 4 + 2] = palette[entry + 2]
        }
        guard let bitmap = Bitmap(width: Int(width), height: Int(height), pixels: pixels) else {
            throw TerminalGraphicsError.undecodableSixel(reason: "inconsistent size \(width)×\(height)")
        }
        return bitmap
    }
}
