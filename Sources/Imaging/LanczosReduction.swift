// LanczosReduction: shrinks RGB pixels with a Lanczos-3 filter, as libvips' reduce does.
import Foundation

/// Downscaling with a Lanczos-3 kernel stretched by the shrink factor (so nothing aliases),
/// separable: rows, then columns. Used after libjpeg's DCT shrink, which leaves a factor below 2;
/// the result matches libvips' thumbnail of the same picture to 37–54 dB PSNR.
enum LanczosReduction {
    /// The source pixels each output pixel draws on along one axis: `first[o] ..< first[o] + count`,
    /// weighted by `weights[o * width ..< o * width + count[o]]` (summing to 1).
    struct Taps {
        var first: [Int] = []
        var count: [Int] = []
        var weights: [Float] = []
        var width = 0
    }

    /// The RGB `width × height` picture scaled to cover `toWidth × toHeight` (keeping its aspect)
    /// and centre-cropped to it, as opaque RGBA. The box must not be larger than the picture.
    /// `covering` is the size the whole picture is scaled to before the crop (default: the nearest
    /// whole pixels); DirectJPEG passes libvips' own, computed from the picture before its DCT shrink.
    /// `extent` is the picture's true size in its own pixels when its last column and row stand for less than a
    /// whole pixel — a box shrink's partial blocks: 4,608 columns averaged by 10 are 461 pixels but 460.8 wide, and
    /// scaling 461 to the box instead stretched the picture by up to half an output pixel (issue 35).
    static func filled(rgb: UnsafeBufferPointer<UInt8>, width: Int, height: Int, toWidth: Int, height toHeight: Int,
                       covering: (width: Int, height: Int)? = nil, extent: (width: Double, height: Double)? = nil) -> Bitmap? {
        let scale = max(Double(toWidth) / Double(width), Double(toHeight) / Double(height))
        guard scale <= 1, toWidth > 0, toHeight > 0, rgb.count >= width * height * 3 else { return nil }
        // As libvips does: scale to cover the box (whole pixels), then crop the centre (whole pixels).
        let nearest = (width: Int((Double(width) * scale).rounded()), height: Int((Double(height) * scale).rounded()))
        let wanted = covering ?? nearest
        let covering = (width: max(toWidth, wanted.width), height: max(toHeight, wanted.height))
        let extent = extent ?? (Double(width), Double(height))
        let columns = taps(outputs: toWidth, scale: Double(covering.width) / extent.width, skip: (covering.width - toWidth) / 2, limit: width)
        let rows = taps(outputs: toHeight, scale: Double(covering.height) / extent.height, skip: (covering.height - toHeight) / 2, limit: height)
        var pixels = [UInt8](repeating: 255, count: toWidth * toHeight * 4)
        // Streamed: each output row sums the source rows its taps reach, each reduced to `toWidth`
        // pixels once and kept in a ring of `rows.width` rows, which stays in cache (the whole reduced
        // picture, as before, took 140 fresh pages to fault in).
        var ring = RowRing(rows: rows.width, width: toWidth)
        var source = [SIMD4<Float>](repeating: .zero, count: width)
        var line = [SIMD4<Float>](repeating: .zero, count: toWidth)
        var nextRow = rows.first[0]
        pixels.withUnsafeMutableBufferPointer { pixels in
            for y in 0..<toHeight {
                let lastRow = rows.first[y] + rows.count[y] - 1
                nextRow = max(nextRow, rows.first[y])
                while nextRow <= lastRow {
                    Self.widen(rgb.baseAddress! + nextRow * width * 3, into: &source)
                    ring.store(row: nextRow) { reduced in Self.reduce(source, with: columns, into: reduced) }
                    nextRow += 1
                }
                line.withUnsafeMutableBufferPointer { line in
                    line.update(repeating: .zero)
                    for tap in 0..<rows.count[y] {
                        let w = rows.weights[y * rows.width + tap]
                        ring.read(row: rows.first[y] + tap) { reduced in
                            for x in 0..<toWidth { line[x] += reduced[x] * w }
                        }
                    }
                    let target = pixels.baseAddress! + y * toWidth * 4
                    for x in 0..<toWidth {
                        let value = (line[x] + 0.5).clamped(lowerBound: .zero, upperBound: SIMD4(repeating: 255))
                        target[x * 4] = UInt8(value.x)
                        target[x * 4 + 1] = UInt8(value.y)
                        target[x * 4 + 2] = UInt8(value.z)
                    }
                }
            }
        }
        return Bitmap(width: toWidth, height: toHeight, pixels: pixels)
    }

    /// The last `rows` horizontally reduced source rows, each kept at `row % rows`.
    private struct RowRing {
        private var storage: [SIMD4<Float>]
        private let rows: Int
        private let width: Int

        init(rows: Int, width: Int) {
            storage = [SIMD4<Float>](repeating: .zero, count: rows * width)
            self.rows = rows
            self.width = width
        }

        mutating func store(row: Int, _ fill: (UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
            let start = row % rows * width
            storage.withUnsafeMutableBufferPointer { fill(.init(rebasing: $0[start..<start + width])) }
        }

        func read(row: Int, _ use: (UnsafeBufferPointer<SIMD4<Float>>) -> Void) {
            let start = row % rows * width
            storage.withUnsafeBufferPointer { use(.init(rebasing: $0[start..<start + width])) }
        }
    }

    /// One RGB row as floats, a pixel per vector (the fourth lane unused).
    private static func widen(_ row: UnsafePointer<UInt8>, into pixels: inout [SIMD4<Float>]) {
        for x in pixels.indices {
            pixels[x] = SIMD4(Float(row[x * 3]), Float(row[x * 3 + 1]), Float(row[x * 3 + 2]), 0)
        }
    }

    /// `source` reduced to `reduced.count` pixels through the column taps.
    private static func reduce(_ source: [SIMD4<Float>], with columns: Taps, into reduced: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        // Pointers, not indices: the taps were built within bounds, and this loop is most of the work.
        source.withUnsafeBufferPointer { source in
            columns.weights.withUnsafeBufferPointer { weights in
                columns.first.withUnsafeBufferPointer { first in
                    columns.count.withUnsafeBufferPointer { count in
                        for x in 0..<reduced.count {
                            var sum = SIMD4<Float>.zero
                            let pixels = source.baseAddress! + first[x], tapWeights = weights.baseAddress! + x &* columns.width
                            for tap in 0..<count[x] { sum += pixels[tap] * tapWeights[tap] }
                            reduced[x] = sum
                        }
                    }
                }
            }
        }
    }

    /// For output pixels `skip ..< skip + outputs` of the source scaled by `scale` (≤ 1), the source
    /// pixels each draws on and their weights.
    static func taps(outputs: Int, scale: Double, skip: Int, limit: Int) -> Taps {
        let support = 3 / scale
        var taps = Taps(width: Int((2 * support).rounded(.up)) + 1)
        taps.weights = [Float](repeating: 0, count: outputs * taps.width)
        for output in 0..<outputs {
            let centre = (Double(skip + output) + 0.5) / scale - 0.5
            var first = max(0, Int((centre - support).rounded(.up)))
            var last = min(limit - 1, Int((centre + support).rounded(.down)), first + taps.width - 1)
            if first > last { first = min(limit - 1, max(0, Int(centre.rounded()))); last = first }
            let raw = (first...last).map { lanczos3((Double($0) - centre) * scale) }
            let total = raw.reduce(0, +)
            for (tap, value) in raw.enumerated() {
                taps.weights[output * taps.width + tap] = Float(total == 0 ? 1 / Double(raw.count) : value / total)
            }
            taps.first.append(first)
            taps.count.append(last - first + 1)
        }
        return taps
    }

    private static func lanczos3(_ x: Double) -> Double {
        if x == 0 { return 1 }
        guard abs(x) < 3 else { return 0 }
        let pi = Double.pi * x
        return 3 * sin(pi) * sin(pi / 3) / (pi * pi)
    }
}
