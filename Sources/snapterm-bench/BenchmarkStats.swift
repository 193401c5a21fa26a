// BenchmarkStats: timing samples and their median / p95, printed the same way by every benchmark.
import Foundation

/// Samples of one measured quantity, in nanoseconds.
struct Samples {
    private(set) var values: [Double] = []

    mutating func add(_ duration: Duration) {
        values.append(Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9)
    }

    mutating func add(nanoseconds: Double) { values.append(nanoseconds) }

    var median: Double { percentile(0.5) }
    var p95: Double { percentile(0.95) }

    func percentile(_ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }

    /// "median 1.23 µs, p95 2.34 µs (n=100)".
    var summary: String {
        "median \(Self.format(median)), p95 \(Self.format(p95)) (n=\(values.count))"
    }

    static func format(_ nanoseconds: Double) -> String {
        if nanoseconds < 1_000 { return String(format: "%.0f ns", nanoseconds) }
        if nanoseconds < 1_000_000 { return String(format: "%.2f µs", nanoseconds / 1e3) }
        return String(format: "%.2f ms", nanoseconds / 1e6)
    }
}

/// Times `body`, returning its duration.
func measure(_ body: () async throws -> Void) async rethrows -> Duration {
    let start = ContinuousClock.now
    try await body()
    return ContinuousClock.now - start
}
