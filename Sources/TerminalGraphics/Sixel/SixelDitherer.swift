// SixelDitherer: each pixel to a colour register (or to none: transparent), spreading the error.

/// Maps a picture's pixels to the colours of a `SixelColorTable`, with error diffusion.
///
/// The nearest colour is found exactly (squared RGB distance) and remembered per 64-level cell of the
/// colour cube, so a photo costs a few thousand searches, not one a pixel. Floyd–Steinberg runs
/// serpentine (no diagonal drift); the error is measured against the colour as the register shows it.
/// Pixels with alpha below `opaqueAlpha` are transparent: no colour, and no error goes to or from them.
enum SixelDitherer {
    /// Pixels at least this opaque are painted; the others are left to the terminal's background.
    static let opaqueAlpha: UInt8 = 128
    /// The index of a transparent pixel.
    static let transparent: UInt16 = .max

    /// The colour index of every pixel of `rgba` (`width × height` pixels, RGBA), row by row, and whether
    /// any pixel is transparent.
    static func indices(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, table: SixelColorTable,
                        diffusion: SixelDiffusion) -> (indices: [UInt16], transparent: Bool) {
        var indices = [UInt16](repeating: 0, count: width * height)
        var anyTransparent = false
        // The error of three rows (Atkinson reaches two rows down), with two columns of margin each side.
        let stride = width + 4
        var errors = [Int32](repeating: 0, count: stride * 3 * 3)
        var cache = [UInt16](repeating: .max, count: 1 << 18)
        let kernel = Self.kernel(diffusion)
        let sorted = sortedByGreen(table)
        let rowSize = stride * 3
        // Where each tap's error goes, relative to the current pixel's slot, for the row being done.
        var offsets = [Int](repeating: 0, count: kernel.taps.count)
        let weights = kernel.taps.map(\.weight)
        sorted.withUnsafeBufferPointer { sorted in
            table.rgb.withUnsafeBufferPointer { palette in
                indices.withUnsafeMutableBufferPointer { indices in
                    errors.withUnsafeMutableBufferPointer { errors in
                        cache.withUnsafeMutableBufferPointer { cache in
                            for y in 0..<height {
                                let current = (y % 3) * rowSize
                                let reverse = diffusion == .floydSteinberg && y % 2 == 1
                                // Taps past the last row or beside the picture land in rows already done or in the
                                // margins: never read again, so no test is needed for them.
                                for (index, tap) in kernel.taps.enumerated() {
                                    offsets[index] = ((y + tap.dy) % 3) * rowSize - current + (reverse ? -tap.dx : tap.dx) * 3
                                }
                                for step in 0..<width {
                                    let x = reverse ? width - 1 - step : step
                                    let pixel = (y * width + x) * 4
                                    let slot = current + (x + 2) * 3
                                    guard rgba[pixel + 3] >= opaqueAlpha else {
                                        indices[y * width + x] = transparent
                                        anyTransparent = true
                                        errors[slot] = 0; errors[slot + 1] = 0; errors[slot + 2] = 0
                                        continue
                                    }
                                    let red = clamp(Int32(rgba[pixel]) + errors[slot] / kernel.divisor)
                                    let green = clamp(Int32(rgba[pixel + 1]) + errors[slot + 1] / kernel.divisor)
                                    let blue = clamp(Int32(rgba[pixel + 2]) + errors[slot + 2] / kernel.divisor)
                                    errors[slot] = 0; errors[slot + 1] = 0; errors[slot + 2] = 0
                                    let index = nearest(red, green, blue, sorted, cache)
                                    indices[y * width + x] = index
                                    let chosen = Int(index) * 3
                                    let errorRed = red - Int32(palette[chosen]), errorGreen = green - Int32(palette[chosen + 1])
                                    let errorBlue = blue - Int32(palette[chosen + 2])
                                    for tap in 0..<offsets.count {
                                        let target = slot + offsets[tap], weight = weights[tap]
                                        errors[target] += errorRed * weight
                                        errors[target + 1] += errorGreen * weight
                                        errors[target + 2] += errorBlue * weight
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return (indices, anyTransparent)
    }

    /// Where the error goes: neighbour offsets, weights, and the divisor of the weights.
    private static func kernel(_ diffusion: SixelDiffusion) -> (taps: [(dx: Int, dy: Int, weight: Int32)], divisor: Int32) {
        switch diffusion {
        case .none:
            return ([], 1)
        case .floydSteinberg:
            return ([(1, 0, 7), (-1, 1, 3), (0, 1, 5), (1, 1, 1)], 16)
        case .atkinson:
            return ([(1, 0, 1), (2, 0, 1), (-1, 1, 1), (0, 1, 1), (1, 1, 1), (0, 2, 1)], 8)
        }
    }

    @inline(__always)
    private static func clamp(_ value: Int32) -> Int32 {
        min(255, max(0, value))
    }

    /// The palette index nearest `red, green, blue`, remembered per cell of 4×4×4 levels. The search walks
    /// out from the colour's green in the palette sorted by green and stops where green alone is too far.
    @inline(__always)
    private static func nearest(_ red: Int32, _ green: Int32, _ blue: Int32, _ sorted: UnsafeBufferPointer<Int32>,
                                _ cache: UnsafeMutableBufferPointer<UInt16>) -> UInt16 {
        let cell = Int(red >> 2) << 12 | Int(green >> 2) << 6 | Int(blue >> 2)
        if cache[cell] != .max { return cache[cell] }
        // The cell's centre stands for all of it, so a cell's answer does not depend on which pixel came first.
        let r = red | 2, g = green | 2, b = blue | 2
        let count = sorted.count / 4
        var low = 0, high = count  // the first entry whose green is ≥ g
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle * 4 + 1] < g { low = middle + 1 } else { high = middle }
        }
        var best = 0, bestDistance = Int32.max
        var up = low, down = low - 1
        while up < count || down >= 0 {
            if up < count {
                let dg = sorted[up * 4 + 1] - g
                if dg * dg >= bestDistance {
                    up = count
                } else {
                    let dr = sorted[up * 4] - r, db = sorted[up * 4 + 2] - b
                    let distance = dr * dr + dg * dg + db * db
                    if distance < bestDistance { bestDistance = distance; best = Int(sorted[up * 4 + 3]) }
                    up += 1
                }
            }
            if down >= 0 {
                let dg = g - sorted[down * 4 + 1]
                if dg * dg >= bestDistance {
                    down = -1
                } else {
                    let dr = sorted[down * 4] - r, db = sorted[down * 4 + 2] - b
                    let distance = dr * dr + dg * dg + db * db
                    if distance < bestDistance { bestDistance = distance; best = Int(sorted[down * 4 + 3]) }
                    down -= 1
                }
            }
        }
        cache[cell] = UInt16(best)
        return UInt16(best)
    }

    /// The palette as R, G, B, index quadruples sorted by green, for `nearest`.
    private static func sortedByGreen(_ table: SixelColorTable) -> [Int32] {
        let order = (0..<table.count).sorted { table.rgb[$0 * 3 + 1] < table.rgb[$1 * 3 + 1] }
        return order.flatMap { [Int32(table.rgb[$0 * 3]), Int32(table.rgb[$0 * 3 + 1]), Int32(table.rgb[$0 * 3 + 2]), Int32($0)] }
    }
}
