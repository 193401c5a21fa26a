// SixelQuantizer: a picture's own palette — variance-based median cut over a 15-bit histogram, then k-means.

/// Chooses up to 256 colours for one picture.
///
/// The opaque pixels are counted in a histogram of 32 levels a channel, each bin keeping the exact mean of
/// its pixels. Median cut then splits, again and again, the box of bins with the largest squared error,
/// across its widest channel at the point that leaves the least error on both sides (not at the median
/// count, which wastes colours on big flat areas and bands smooth gradients). A few rounds of k-means over
/// the bins move each colour to the mean of the bins nearest it.
enum SixelQuantizer {
    /// One histogram bin: the mean colour of its pixels and how many there are.
    private struct Entry {
        var red: Float, green: Float, blue: Float, weight: Float
    }

    /// A box of median cut: `entries[start..<end]`, its squared error and widest channel.
    private struct Box {
        var start: Int, end: Int, error: Double, channel: Int
    }

    /// The palette of the pixels of `rgba` whose alpha is at least `SixelDitherer.opaqueAlpha`: R, G, B
    /// triples, at most `maxColors` (2…256) of them, at least one (black for a picture with no opaque pixel).
    static func palette(rgba: UnsafeBufferPointer<UInt8>, maxColors: Int, refinements: Int = 3) -> [UInt8] {
        var entries = histogram(rgba)
        guard !entries.isEmpty else { return [0, 0, 0] }
        var boxes = [box(entries, start: 0, end: entries.count)]
        while boxes.count < maxColors {
            guard let widest = boxes.indices.max(by: { boxes[$0].error < boxes[$1].error }),
                  boxes[widest].error > 0 else { break }
            let (low, high) = split(&entries, boxes[widest])
            boxes[widest] = low
            boxes.append(high)
        }
        var centres = boxes.map { mean(entries, $0) }
        for _ in 0..<refinements {
            guard refine(&centres, entries) else { break }
        }
        var colors: [UInt8] = []
        colors.reserveCapacity(centres.count * 3)
        for centre in centres {
            colors += [centre.red, centre.green, centre.blue].map { UInt8(max(0, min(255, $0.rounded()))) }
        }
        return colors
    }

    /// The non-empty bins of a 32×32×32 histogram of the opaque pixels.
    private static func histogram(_ rgba: UnsafeBufferPointer<UInt8>) -> [Entry] {
        let bins = 1 << 15
        var counts = [Int32](repeating: 0, count: bins)
        var sums = [Int](repeating: 0, count: bins * 3)  // Int: 16 million pixels of one bin would overflow Int32
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                var index = 0
                while index + 3 < rgba.count {
                    if rgba[index + 3] >= SixelDitherer.opaqueAlpha {
                        let red = Int(rgba[index]), green = Int(rgba[index + 1]), blue = Int(rgba[index + 2])
                        let bin = (red >> 3) << 10 | (green >> 3) << 5 | blue >> 3
                        counts[bin] += 1
                        sums[bin * 3] += red
                        sums[bin * 3 + 1] += green
                        sums[bin * 3 + 2] += blue
                    }
                    index += 4
                }
            }
        }
        var entries: [Entry] = []
        for bin in 0..<bins where counts[bin] > 0 {
            let count = Float(counts[bin])
            entries.append(Entry(red: Float(sums[bin * 3]) / count, green: Float(sums[bin * 3 + 1]) / count,
                                 blue: Float(sums[bin * 3 + 2]) / count, weight: count))
        }
        return entries
    }

    /// A box over `entries[start..<end]` with its squared error and the channel of largest variance.
    private static func box(_ entries: [Entry], start: Int, end: Int) -> Box {
        var weight = 0.0
        var sum = (0.0, 0.0, 0.0), squares = (0.0, 0.0, 0.0)
        for entry in entries[start..<end] {
            let w = Double(entry.weight), r = Double(entry.red), g = Double(entry.green), b = Double(entry.blue)
            weight += w
            sum.0 += w * r; sum.1 += w * g; sum.2 += w * b
            squares.0 += w * r * r; squares.1 += w * g * g; squares.2 += w * b * b
        }
        let variance = [squares.0 - sum.0 * sum.0 / weight, squares.1 - sum.1 * sum.1 / weight,
                        squares.2 - sum.2 * sum.2 / weight]
        let channel = variance.indices.max { variance[$0] < variance[$1] } ?? 0
        let error = end - start > 1 ? max(0, variance.reduce(0, +)) : 0
        return Box(start: start, end: end, error: error, channel: channel)
    }

    /// Splits `box` across its widest channel where the two halves' summed squared error is least.
    private static func split(_ entries: inout [Entry], _ box: Box) -> (Box, Box) {
        switch box.channel {  // (a comparison of its own per channel: through a key closure the sort took twice as long)
        case 0: entries[box.start..<box.end].sort { $0.red < $1.red }
        case 1: entries[box.start..<box.end].sort { $0.green < $1.green }
        default: entries[box.start..<box.end].sort { $0.blue < $1.blue }
        }
        // Least error on both sides ⇔ most between them: maximise |S_low|²/w_low + |S_high|²/w_high.
        var total = (0.0, 0.0, 0.0, 0.0)
        for entry in entries[box.start..<box.end] {
            total.0 += Double(entry.weight * entry.red); total.1 += Double(entry.weight * entry.green)
            total.2 += Double(entry.weight * entry.blue); total.3 += Double(entry.weight)
        }
        var low = (0.0, 0.0, 0.0, 0.0)
        var best = box.start + 1, bestScore = -Double.infinity
        for index in box.start..<(box.end - 1) {
            let entry = entries[index]
            low.0 += Double(entry.weight * entry.red); low.1 += Double(entry.weight * entry.green)
            low.2 += Double(entry.weight * entry.blue); low.3 += Double(entry.weight)
            let high = (total.0 - low.0, total.1 - low.1, total.2 - low.2, total.3 - low.3)
            let score = (low.0 * low.0 + low.1 * low.1 + low.2 * low.2) / low.3
                + (high.0 * high.0 + high.1 * high.1 + high.2 * high.2) / high.3
            if score > bestScore {
                bestScore = score
                best = index + 1
            }
        }
        return (Self.box(entries, start: box.start, end: best), Self.box(entries, start: best, end: box.end))
    }

    /// The weighted mean colour of a box.
    private static func mean(_ entries: [Entry], _ box: Box) -> (red: Float, green: Float, blue: Float) {
        var sum = (0.0, 0.0, 0.0, 0.0)
        for entry in entries[box.start..<box.end] {
            sum.0 += Double(entry.weight * entry.red); sum.1 += Double(entry.weight * entry.green)
            sum.2 += Double(entry.weight * entry.blue); sum.3 += Double(entry.weight)
        }
        return (Float(sum.0 / sum.3), Float(sum.1 / sum.3), Float(sum.2 / sum.3))
    }

    /// One round of k-means: each centre moves to the mean of the bins nearest it. False when none moved.
    private static func refine(_ centres: inout [(red: Float, green: Float, blue: Float)], _ entries: [Entry]) -> Bool {
        var sums = [Double](repeating: 0, count: centres.count * 4)
        let search = NearestCentre(centres)
        for entry in entries {
            let nearest = search.nearest(red: entry.red, green: entry.green, blue: entry.blue)
            sums[nearest * 4] += Double(entry.weight * entry.red)
            sums[nearest * 4 + 1] += Double(entry.weight * entry.green)
            sums[nearest * 4 + 2] += Double(entry.weight * entry.blue)
            sums[nearest * 4 + 3] += Double(entry.weight)
        }
        var moved = false
        for centre in centres.indices where sums[centre * 4 + 3] > 0 {
            let weight = sums[centre * 4 + 3]
            let next = (Float(sums[centre * 4] / weight), Float(sums[centre * 4 + 1] / weight),
                        Float(sums[centre * 4 + 2] / weight))
            if abs(next.0 - centres[centre].red) + abs(next.1 - centres[centre].green) + abs(next.2 - centres[centre].blue) > 0.5 {
                moved = true
            }
            centres[centre] = next
        }
        return moved
    }
}
