// SixelEncoder: pixels in, one DCS sixel sequence out — a palette of the picture's own, dithered, transparent where it is.
import Foundation
import Imaging

/// Encodes bitmaps as sixel images. A value with no state: safe to share between tasks.
///
/// Pure Swift (`SixelQuantizer` → `SixelDitherer` → `SixelWriter`). libsixel, used before, built its palette
/// from a sampled 5-bit histogram (36.7 dB on storm.jpg through ImageMagick's decoder, 141–170 colours used), and
/// the default switched to its built-in xterm palette above 480×324 (23.5 dB: purple and teal in a grey sky);
/// this encoder gives 42 dB on the same pixels, in less time (docs/benchmarks/terminal-output.md). Every
/// colour register is defined at the precision a terminal keeps (whole percent), and the error the ditherer
/// spreads is measured against that.
public struct SixelEncoder: Sendable {
    /// The version of the bytes: raised whenever the same picture and options encode differently, and part of
    /// a sixel thumbnail's cache key. 2: Snapterm's own encoder (issue 37); libsixel's output before it was 1.
    public static let version = 2

    /// The palette and dithering choices.
    public var options: SixelOptions

    /// Creates an encoder.
    public init(options: SixelOptions = SixelOptions()) {
        self.options = options
    }

    /// Encodes `bitmap` at its own size as one complete `ESC P … ESC \` sequence (7-bit). Pixels with alpha
    /// below 128 are transparent: never painted, and the sequence tells the terminal to keep its background
    /// there (P2 = 1); the other pixels are drawn with their own colour. Without `options.transparency` every
    /// pixel is painted, composited over black.
    public func encode(_ bitmap: Bitmap) throws -> Data {
        let palette = options.resolvedPalette(width: bitmap.width, height: bitmap.height)
        let pixels = options.transparency ? bitmap.pixels : Self.overBlack(bitmap.pixels)
        return pixels.withUnsafeBufferPointer { rgba in
            let table = palette == .fixed
                ? SixelColorTable.xterm256
                : SixelColorTable(colors: SixelQuantizer.palette(rgba: rgba, maxColors: options.colors))
            let mapped = SixelDitherer.indices(rgba: rgba, width: bitmap.width, height: bitmap.height,
                                               table: table, diffusion: options.diffusion)
            return SixelWriter.write(indices: mapped.indices, width: bitmap.width, height: bitmap.height,
                                     table: table, transparent: mapped.transparent)
        }
    }

    /// RGBA composited over black, every pixel opaque.
    static func overBlack(_ pixels: [UInt8]) -> [UInt8] {
        var opaque = pixels
        for index in stride(from: 0, to: opaque.count, by: 4) where opaque[index + 3] != 255 {
            let alpha = UInt16(opaque[index + 3])
            for channel in 0..<3 { opaque[index + channel] = UInt8((UInt16(opaque[index + channel]) * alpha + 127) / 255) }
            opaque[index + 3] = 255
        }
        return opaque
    }
}
