// NearestCentre: which of up to 256 colours is nearest a colour — eight colours at a time, the answer of a scan in order.

/// The colours k-means moves (`SixelQuantizer`), laid out by channel in blocks of eight, so the squared distances
/// to eight of them are one vector's work. The answer is exactly what a scan in order finds — the first colour at
/// the least distance, each distance `dr * dr + dg * dg + db * db` in Float as the scan adds it — so the palette is
/// the same bytes; refining one 230×144 picture's palette took 1.5 ms one colour at a time (issue 35).
struct NearestCentre {
    private var reds: [SIMD8<Float>] = [], greens: [SIMD8<Float>] = [], blues: [SIMD8<Float>] = []

    /// The colours `centres` (padded to a multiple of eight with colours too far away to be chosen).
    init(_ centres: [(red: Float, green: Float, blue: Float)]) {
        let far: Float = 1e18  // (squared and summed: 3e36, still finite)
        for start in stride(from: 0, to: centres.count, by: 8) {
            var red = SIMD8<Float>(repeating: far), green = red, blue = red
            for lane in 0..<min(8, centres.count - start) {
                (red[lane], green[lane], blue[lane]) = (centres[start + lane].red, centres[start + lane].green, centres[start + lane].blue)
            }
            reds.append(red)
            greens.append(green)
            blues.append(blue)
        }
    }

    /// The index of the first colour nearest `red, green, blue` (0 when there are none).
    func nearest(red: Float, green: Float, blue: Float) -> Int {
        var best = SIMD8<Float>(repeating: .infinity), bestBlock = SIMD8<Int32>(repeating: 0)
        for block in reds.indices {
            let dr = reds[block] - red, dg = greens[block] - green, db = blues[block] - blue
            let distance = dr * dr + dg * dg + db * db
            let nearer = distance .< best  // (strictly: a lane keeps its first colour on a tie)
            best.replace(with: distance, where: nearer)
            bestBlock.replace(with: Int32(block), where: nearer)
        }
        // the least distance; on a tie between lanes, the first colour
        let least = best.min()
        var answer = Int.max
        for lane in 0..<8 where best[lane] == least { answer = min(answer, Int(bestBlock[lane]) * 8 + lane) }
        return answer == Int.max ? 0 : answer
    }
}
