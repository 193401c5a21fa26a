// AsciiEncoder: our own plain-ASCII art — one character per cell by brightness, no colour, no escapes.
import Foundation
import Imaging

/// Encodes bitmaps as plain ASCII lines that work on any terminal, including `NO_COLOR` and `dumb`.
public struct AsciiEncoder: Sendable {
    /// Characters from dark to bright (for light text on a dark background).
    public static let defaultRamp = Array(" .:-=+*#%@")

    /// The ramp in use (at least two characters, each printable ASCII).
    public let ramp: [Character]

    /// Creates an encoder; `ramp` must hold at least two printable ASCII characters.
    public init(ramp: [Character] = AsciiEncoder.defaultRamp) {
        let printable = ramp.filter { $0.isASCII && ($0.asciiValue.map { (0x20..<0x7F).contains($0) } ?? false) }
        self.ramp = printable.count >= 2 ? printable : Self.defaultRamp
    }

    /// One line per row: each cell's character is chosen by the mean luminance of its pixels
    /// (alpha composited over black).
    public func encode(_ bitmap: Bitmap, columns: Int, rows: Int) throws -> [Data] {
        guard columns > 0, rows > 0 else {
            throw TerminalGraphicsError.invalidSize(width: columns, height: rows, reason: "text art needs at least one cell")
        }
        let bytes = ramp.compactMap(\.asciiValue)
        return (0..<rows).map { row in
            let top = row * bitmap.height / rows, bottom = max(top + 1, (row + 1) * bitmap.height / rows)
            return Data((0..<columns).map { column in
                let left = column * bitmap.width / columns, right = max(left + 1, (column + 1) * bitmap.width / columns)
                let luminance = Self.meanLuminance(bitmap, x: left..<min(right, bitmap.width), y: top..<min(bottom, bitmap.height))
                return bytes[min(bytes.count - 1, Int(luminance * Double(bytes.count)))]
            })
        }
    }

    /// Mean Rec. 709 luma (0…1) of the pixels in a rectangle.
    static func meanLuminance(_ bitmap: Bitmap, x: Range<Int>, y: Range<Int>) -> Double {
        var total = 0.0
        for row in y {
            for column in x {
                let base = (row * bitmap.width + column) * 4
                let r = Double(bitmap.pixels[base]), g = Double(bitmap.pixels[base + 1]), b = Double(bitmap.pixels[base + 2])
                total += (0.2126 * r + 0.7152 * g + 0.0722 * b) * Double(bitmap.pixels[base + 3]) / 255
            }
        }
        return total / Double(max(1, x.count * y.count)) / 255
    }
}
