// SyntheticEncoder: a stand-in thumbnail encoder for the benchmark until the real terminal encoder is
// on main — PPM in, a 16-colour sixel or coloured-block text art out.
import Foundation
import SchemeLoader
import TerminalGraphics
import Thumbnails

/// Encodes binary PPM (P6) pictures for a thumbnail box: sixel with a fixed 16-colour palette
/// (nearest colour, no dithering), or one coloured space per cell for text modes. Small and
/// dependency-free; only for benchmarks.
public struct SyntheticEncoder: ThumbnailEncoding {
    static let palette: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (128, 0, 0), (0, 128, 0), (128, 128, 0), (0, 0, 128), (128, 0, 128), (0, 128, 128), (192, 192, 192),
        (128, 128, 128), (220, 40, 40), (0, 255, 0), (225, 220, 200), (170, 200, 230), (255, 0, 255), (0, 255, 255), (250, 250, 250),
    ]

    /// Creates the encoder.
    public init() {}

    public func encode(_ data: Data, for box: ThumbnailBox) throws -> TerminalPicture {
        let source = try Self.decodePPM(data)
        let size = box.mode == .sixel || box.mode == .kitty ? box.pixelSize : (box.columns, box.rows)
        let width = max(1, size.0), height = max(1, size.1)
        var indices = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let sx = x * source.width / width, sy = y * source.height / height
                let base = (sy * source.width + sx) * 3
                indices[y * width + x] = Self.nearest(source.pixels[base], source.pixels[base + 1], source.pixels[base + 2])
            }
        }
        if box.mode == .sixel { return .sixel(Self.sixel(indices, width: width, height: height)) }
        // kitty: the palette indices stand in for a PNG (the virtual terminal does not decode it)
        if box.mode == .kitty { return .kitty(png: Data(indices), columns: box.columns, rows: box.rows) }
        return .text((0..<height).map { y in
            var line = ""
            for x in 0..<width {
                let colour = Self.palette[Int(indices[y * width + x])]
                line += "\u{1B}[48;2;\(colour.0);\(colour.1);\(colour.2)m "
            }
            return Data((line + "\u{1B}[0m").utf8)
        })
    }

    static func nearest(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        var best = 0, bestDistance = Int.max
        for (index, colour) in palette.enumerated() {
            let dr = Int(red) - Int(colour.0), dg = Int(green) - Int(colour.1), db = Int(blue) - Int(colour.2)
            let distance = dr * dr + dg * dg + db * db
            if distance < bestDistance { best = index; bestDistance = distance }
        }
        return UInt8(best)
    }

    /// One DCS sixel sequence with raster attributes, a palette, and run-length-encoded bands.
    static func sixel(_ indices: [UInt8], width: Int, height: Int) -> Data {
        var out = "\u{1B}P0;1;0q\"1;1;\(width);\(height)"
        for (index, colour) in palette.enumerated() {
            out += "#\(index);2;\(Int(colour.0) * 100 / 255);\(Int(colour.1) * 100 / 255);\(Int(colour.2) * 100 / 255)"
        }
        for bandTop in stride(from: 0, to: height, by: 6) {
            var first = true
            for colour in 0..<palette.count {
                var row = [UInt8](repeating: 0, count: width)
                var used = false
                for bit in 0..<min(6, height - bandTop) {
                    for x in 0..<width where indices[(bandTop + bit) * width + x] == colour {
                        row[x] |= 1 << bit
                        used = true
                    }
                }
                guard used else { continue }
                out += (first ? "" : "$") + "#\(colour)" + runLength(row)
                first = false
            }
            if bandTop + 6 < height { out += "-" }
        }
        return Data((out + "\u{1B}\\").utf8)
    }

    static func runLength(_ row: [UInt8]) -> String {
        var out = "", index = 0
        while index < row.count {
            var end = index + 1
            while end < row.count, row[end] == row[index] { end += 1 }
            let character = String(UnicodeScalar(row[index] + 0x3F))
            out += end - index > 3 ? "!\(end - index)\(character)" : String(repeating: character, count: end - index)
            index = end
        }
        return out
    }

    static func decodePPM(_ data: Data) throws -> (width: Int, height: Int, pixels: [UInt8]) {
        let bytes = [UInt8](data)
        var fields: [String] = [], index = 0, current = ""
        while fields.count < 4, index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(byte)))
            }
        }
        guard fields.count == 4, fields[0] == "P6", let width = Int(fields[1]), let height = Int(fields[2]),
              width > 0, height > 0, bytes.count - index >= width * height * 3 else {
            throw LoadError.handlerFailed(scheme: "thumb", reason: "not a binary PPM picture")
        }
        return (width, height, Array(bytes[index..<(index + width * height * 3)]))
    }
}
