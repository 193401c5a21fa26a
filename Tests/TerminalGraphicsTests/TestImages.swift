// TestImages: synthetic bitmaps (gradients, colour blocks, a disc) and pixel comparisons shared by the tests.
import Foundation
import Imaging
import TestSupport

enum TestImages {
    /// A photo-like test card: a smooth two-axis gradient with six saturated colour blocks and a grey disc.
    static func card(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height, filledWith: RGBA(red: 0, green: 0, blue: 0))
        let blocks: [RGBA] = [
            RGBA(red: 230, green: 30, blue: 30), RGBA(red: 30, green: 200, blue: 40), RGBA(red: 40, green: 60, blue: 220),
            RGBA(red: 240, green: 220, blue: 40), RGBA(red: 200, green: 40, blue: 200), RGBA(red: 40, green: 210, blue: 210),
        ]
        for y in 0..<height {
            for x in 0..<width {
                var colour = RGBA(red: UInt8(x * 255 / max(1, width - 1)), green: UInt8(y * 255 / max(1, height - 1)),
                                  blue: UInt8(128 + (x + y) % 64))
                if y < height / 4 { colour = blocks[min(5, x * 6 / width)] }
                let dx = Double(x - width * 2 / 3), dy = Double(y - height * 2 / 3)
                if dx * dx + dy * dy < Double(height * height) / 25 { colour = RGBA(red: 128, green: 128, blue: 128) }
                bitmap[x, y] = colour
            }
        }
        return bitmap
    }

    /// The mean colour of a rectangle.
    static func mean(_ bitmap: Bitmap, x: Range<Int>, y: Range<Int>) -> [Double] {
        var sums = [0.0, 0.0, 0.0]
        for row in y { for column in x { let p = bitmap[column, row]; sums[0] += Double(p.red); sums[1] += Double(p.green); sums[2] += Double(p.blue) } }
        return sums.map { $0 / Double(x.count * y.count) }
    }

    /// Where the golden files live.
    static let fixtures = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/terminal")
}
