// Bitmap+Quality: how close two pictures are — PSNR, for encoder benchmarks and tests.
import Foundation

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
}
