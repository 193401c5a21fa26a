// A bounded, seeded fuzz of the URL parsers and canonicalizers: mutated seed URLs (Tests/Fixtures/
// urls/seeds.txt) never crash, and every URL a parser accepts round-trips through its canonical form.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct URLParserFuzzTests {
    /// A small deterministic generator (SplitMix64), so a failure names a reproducible iteration.
    private struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private static let pieces = ["=", "&", "?", "#", "%", "%00", "%zz", "..", "/", "-", ".", "e9", "nan", "inf", "1e308",
                                 "latitude", "longitude", "zoom", "id", "crop", "rotate", "width", "offset", "length", "src", "\u{202E}", "☕", "\u{0}", " "]

    private func mutate(_ text: String, _ random: inout SplitMix) -> String {
        var scalars = Array(text.unicodeScalars)
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let position = scalars.isEmpty ? 0 : Int.random(in: 0..<scalars.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0 where !scalars.isEmpty: scalars.remove(at: position)
            case 1: scalars.insert(contentsOf: Self.pieces.randomElement(using: &random)!.unicodeScalars, at: position)
            default:
                let byte = Unicode.Scalar(UInt8.random(in: 0x20...0x7E, using: &random))
                if scalars.isEmpty { scalars.append(byte) } else { scalars[position] = byte }
            }
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    // Async, yielding every 100 mutations: ten thousand of them take a minute in a debug build on a loaded machine,
    // which would hold one of the few threads every other test's tasks share (a sync engine test starved behind it).
    @Test func mutatedURLsNeverCrashAndAcceptedOnesRoundTrip() async throws {
        let seeds = try String(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/urls/seeds.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        var random = SplitMix(state: 16)
        var accepted = 0
        for iteration in 0..<10_000 {
            if iteration % 100 == 0 { await Task.yield() }
            let text = mutate(seeds[iteration % seeds.count], &random)
            guard let url = URL(string: text) else { continue }
            if let map = try? MapSnapshotURL(url: url) {
                accepted += 1
                #expect(try MapSnapshotURL(url: map.url).url == map.url, "iteration \(iteration): \(text)")
            }
            if let asset = try? AssetURL(url: url) {
                accepted += 1
                #expect(try AssetURL(url: asset.url).url == asset.url, "iteration \(iteration): \(text)")
            }
            if let range = try? ByteRangeURL(url: url) {
                accepted += 1
                #expect(try ByteRangeURL(url: range.url) == range, "iteration \(iteration): \(text)")
            }
            if let media = try? MatrixMediaURL(url: url) {
                accepted += 1
                #expect(try MatrixMediaURL(url: media.url) == media, "iteration \(iteration): \(text)")
            }
            if let canonical = try? URLCanonicalizer.standard(url) {
                #expect(try URLCanonicalizer.standard(canonical) == canonical, "iteration \(iteration): \(text)")
            }
            if let canonical = try? URLCanonicalizer.http(url) {
                #expect(try URLCanonicalizer.http(canonical) == canonical, "iteration \(iteration): \(text)")
            }
        }
        #expect(accepted > 50)
    }
}
