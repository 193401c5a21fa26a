// ColourSketch: a picture's colours on a grid of a few cells — a few dozen bytes kept with a message, so a list can
// draw a blurred stand-in of the picture before one byte of it has arrived (the idea of BlurHash and ThumbHash).

/// The mean colour of each cell of a grid of at most `maxSide`×`maxSide` over a picture, in the picture's
/// shape; drawn back smoothly at any size. Its text form, `WxH:` then six hex digits per cell (row by row),
/// is what a message stores.
public struct ColourSketch: Sendable, Hashable {
    /// Cells across and down (1…`maxSide` each).
    public let columns: Int, rows: Int
    /// R, G, B per cell, row by row.
    public let colours: [UInt8]

    /// The most cells across or down.
    public static let maxSide = 8

    /// The sketch of `bitmap` (alpha composited over black): the longer side gets `maxSide` cells.
    public init(bitmap: Bitmap) {
        let longer = max(bitmap.width, bitmap.height)
        columns = max(1, min(Self.maxSide, (bitmap.width * Self.maxSide + longer / 2) / longer))
        rows = max(1, min(Self.maxSide, (bitmap.height * Self.maxSide + longer / 2) / longer))
        var colours: [UInt8] = []
        colours.reserveCapacity(columns * rows * 3)
        for row in 0..<rows {
            let top = row * bitmap.height / rows, bottom = max(top + 1, (row + 1) * bitmap.height / rows)
            for column in 0..<columns {
                let left = column * bitmap.width / columns, right = max(left + 1, (column + 1) * bitmap.width / columns)
                colours += Self.mean(of: bitmap, x: left..<right, y: top..<bottom)
            }
        }
        self.colours = colours
    }

    /// Reads the text form; `nil` for anything else (wrong size, bad digits, too many cells).
    public init?(encoded text: String) {
        let parts = text.split(separator: ":", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let size = parts[0].split(separator: "x")
        guard size.count == 2, let columns = Int(size[0]), let rows = Int(size[1]),
              (1...Self.maxSide).contains(columns), (1...Self.maxSide).contains(rows) else { return nil }
        let digits = Array(parts[1].utf8)
        guard digits.count == columns * rows * 6 else { return nil }
        var colours: [UInt8] = []
        colours.reserveCapacity(columns * rows * 3)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else { return nil }
            colours.append(high << 4 | low)
        }
        self.columns = columns
        self.rows = rows
        self.colours = colours
    }

    /// The text form: `WxH:` then `rrggbb` per cell.
    public var encoded: String {
        let hex = Array("0123456789abcdef".utf8)
        let digits = colours.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0xF)]] }
        return "\(columns)x\(rows):" + String(decoding: digits, as: UTF8.self)
    }

    /// The sketch drawn at `width`×`height` pixels, each pixel blended from the four nearest cell centres.
    public func bitmap(width: Int, height: Int) -> Bitmap {
        var bitmap = Bitmap(width: max(1, width), height: max(1, height), filledWith: RGBA(red: 0, green: 0, blue: 0))
        for y in 0..<bitmap.height {
            let (top, bottom, down) = Self.neighbours(y, of: bitmap.height, cells: rows)
            for x in 0..<bitmap.width {
                let (left, right, across) = Self.neighbours(x, of: bitmap.width, cells: columns)
                var channels: [UInt8] = []
                for channel in 0..<3 {
                    func value(_ column: Int, _ row: Int) -> Double { Double(colours[(row * columns + column) * 3 + channel]) }
                    let upper = value(left, top) + (value(right, top) - value(left, top)) * across
                    let lower = value(left, bottom) + (value(right, bottom) - value(left, bottom)) * across
                    channels.append(UInt8(max(0, min(255, (upper + (lower - upper) * down).rounded()))))
                }
                bitmap[x, y] = RGBA(red: channels[0], green: channels[1], blue: channels[2])
            }
        }
        return bitmap
    }

    /// The cells whose centres lie either side of pixel `position` of `length`, and how far it is from the first.
    private static func neighbours(_ position: Int, of length: Int, cells: Int) -> (Int, Int, Double) {
        let centre = (Double(position) + 0.5) * Double(cells) / Double(length) - 0.5
        let first = max(0, min(cells - 1, Int(centre.rounded(.down))))
        let second = min(cells - 1, first + 1)
        return (first, second, max(0, min(1, centre - Double(first))))
    }

    private static func mean(of bitmap: Bitmap, x: Range<Int>, y: Range<Int>) -> [UInt8] {
        var sums = [0, 0, 0]
        for row in y {
            for column in x {
                let pixel = bitmap[column, row], alpha = Int(pixel.alpha)
                sums[0] += Int(pixel.red) * alpha / 255
                sums[1] += Int(pixel.green) * alpha / 255
                sums[2] += Int(pixel.blue) * alpha / 255
            }
        }
        let count = max(1, x.count * y.count)
        return sums.map { UInt8(($0 + count / 2) / count) }
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
