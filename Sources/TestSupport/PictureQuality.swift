// PictureQuality: how faithful a picture is to its reference — the figures `Bitmap.quality(against:)` measures.
import Foundation

/// How faithful a picture is to its reference, by the measures `scripts/tools/sixel-quality` prints.
public struct PictureQuality: Sendable, CustomStringConvertible {
    /// Peak signal-to-noise ratio over RGB, dB.
    public let psnr: Double
    /// Mean CIE76 ΔE in Lab (D65): ~1 is barely visible, > 10 a different colour.
    public let meanDeltaE: Double
    /// The 99th percentile of ΔE: how wrong the worst 1 % of pixels are.
    public let p99DeltaE: Double
    /// Distinct colours in the picture.
    public let colours: Int

    /// The figures on one line.
    public var description: String {
        String(format: "PSNR %.1f dB, mean ΔE %.2f, p99 ΔE %.1f, %d colours", psnr, meanDeltaE, p99DeltaE, colours)
    }
}
