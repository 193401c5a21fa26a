// PictureQuality: PSNR between two bitmaps, for the render benchmarks.
import Foundation
import Imaging

/// Picture quality measures.
enum PictureQuality {
    /// Peak signal-to-noise ratio (dB) over RGB of two same-size bitmaps.
    static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
        guard a.width == b.width, a.height == b.height else { return .nan }
        var squared = 0.0
        for index in stride(from: 0, to: a.pixels.count, by: 4) {
            for channel in 0..<3 {
                let difference = Double(a.pixels[index + channel]) - Double(b.pixels[index + channel])
                squared += difference * difference
            }
        }
        let mse = squared / Double(a.width * a.height * 3)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
