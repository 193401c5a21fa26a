// Bitmap+Quality: how close two pictures are — PSNR and CIE76 ΔE, for encoder tests and benchmarks.
import Foundation
import Imaging

extension Bitmap {
    /// Peak signal-to-noise ratio (dB) of this bitmap against `reference`, over RGB; `.nan` when
    /// the sizes differ, `.infinity` when they are identical.
    public func psnr(against reference: Bitmap) -> Double {
        guard width == reference.width, height == reference.height else { return .nan }
        var squared = 0.0
        for index in stride(from: 0, to: pixels.count, by: 4) {
            for channel in 0..<3 {
                let difference = Double(pixels[index + channel]) - Double(reference.pixels[index + channel])
                squared += difference * difference
            }
        }
        let mse = squared / Double(width * height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }

    /// PSNR, ΔE and colour count of this bitmap against `reference` (the same size; nil otherwise).
    public func quality(against reference: Bitmap) -> PictureQuality? {
        guard width == reference.width, height == reference.height else { return nil }
        var deltas: [Double] = []
        deltas.reserveCapacity(width * height)
        var colours = Set<UInt32>()
        for index in stride(from: 0, to: pixels.count, by: 4) {
            let mine = Self.lab(pixels[index], pixels[index + 1], pixels[index + 2])
            let theirs = Self.lab(reference.pixels[index], reference.pixels[index + 1], reference.pixels[index + 2])
            deltas.append(((mine.0 - theirs.0) * (mine.0 - theirs.0) + (mine.1 - theirs.1) * (mine.1 - theirs.1)
                           + (mine.2 - theirs.2) * (mine.2 - theirs.2)).squareRoot())
            colours.insert(UInt32(pixels[index]) << 16 | UInt32(pixels[index + 1]) << 8 | UInt32(pixels[index + 2]))
        }
        let mean = deltas.reduce(0, +) / Double(deltas.count)
        deltas.sort()
        let p99 = deltas[min(deltas.count - 1, Int((Double(deltas.count - 1) * 0.99).rounded()))]
        return PictureQuality(psnr: psnr(against: reference), meanDeltaE: mean, p99DeltaE: p99, colours: colours.count)
    }

    /// sRGB bytes to CIE Lab (D65), as `scripts/tools/sixel-quality` computes it.
    private static func lab(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> (Double, Double, Double) {
        func linear(_ value: UInt8) -> Double {
            let v = Double(value) / 255
            return v > 0.04045 ? pow((v + 0.055) / 1.055, 2.4) : v / 12.92
        }
        let r = linear(red), g = linear(green), b = linear(blue)
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.9505
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.089
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16.0 / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
