// Text-layout benchmark driver (see scripts/bench/text-layout.sh): wraps text without spaces into
// 80 columns and prints the median of five runs per length, so linear and quadratic show apart.
import Foundation

let lengths = CommandLine.arguments.dropFirst().compactMap { Int($0) }
for length in lengths.isEmpty ? [20_000, 80_000, 1_000_000] : lengths {
    let text = String(repeating: "x", count: length)
    var times: [Double] = []
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        let lines = SafeText.wrapped(text, width: 80)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        precondition(lines.count == (length + 79) / 80)
    }
    print("wrap \(length) characters, no spaces, 80 columns: median \(String(format: "%.2f", times.sorted()[2])) ms")
}
