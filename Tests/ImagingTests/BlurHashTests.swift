// BlurHash against an instrument Snapterm did not write: Tests/Fixtures/imaging/blurhash/reference.json holds the
// hashes and decoded pixels of the `blurhash` package from PyPI, made by
//     python3 -m venv /tmp/bh && /tmp/bh/bin/pip install blurhash==1.1.5 pillow==13.0.0
//     /tmp/bh/bin/python scripts/fixtures/blurhash-reference.py
// (blurhash 1.1.5, a port of the reference implementation; Pillow 13.0.0 only reads the lossless fixtures).
import Foundation
import Imaging
import Testing

struct BlurHashTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private struct Reference: Decodable {
        struct Encoded: Decodable { let fixture: String, componentsX: Int, componentsY: Int, hash: String }
        struct Decoded: Decodable { let hash: String, width: Int, height: Int, rgb: String }
        let tool: String
        let encode: [Encoded]
        let decode: [Decoded]
    }

    private static let reference: Reference = {
        let url = root.appendingPathComponent("Tests/Fixtures/imaging/blurhash/reference.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    @Test(arguments: reference.encode.indices)
    func aFixtureHashesAsTheReferenceHashesIt(_ index: Int) throws {
        let expected = Self.reference.encode[index]
        let bitmap = try ImageProcessor().decode(Data(contentsOf: Self.root.appendingPathComponent(expected.fixture)))
        let hash = try BlurHash(encoding: bitmap, componentsX: expected.componentsX, componentsY: expected.componentsY)
        #expect(hash.text == expected.hash, "\(expected.fixture) with \(expected.componentsX)×\(expected.componentsY) components")
        #expect(hash.componentsX == expected.componentsX && hash.componentsY == expected.componentsY)
    }

    @Test(arguments: reference.decode.indices)
    func aHashDecodesToTheReferencePixels(_ index: Int) throws {
        let expected = Self.reference.decode[index]
        let bitmap = try BlurHash(expected.hash).bitmap(width: expected.width, height: expected.height)
        #expect(bitmap.width == expected.width && bitmap.height == expected.height)
        let reference = Self.bytes(hex: expected.rgb)
        #expect(reference.count == expected.width * expected.height * 3)
        var largest = 0
        for pixel in 0..<(expected.width * expected.height) {
            for channel in 0..<3 {
                largest = max(largest, abs(Int(bitmap.pixels[pixel * 4 + channel]) - Int(reference[pixel * 3 + channel])))
            }
            #expect(bitmap.pixels[pixel * 4 + 3] == 255, "opaque")
        }
        // Only the last rounding of a double may differ.
        #expect(largest <= 1, "\(expected.hash) at \(expected.width)×\(expected.height): off by \(largest)")
    }

    @Test func aHashReadBackKeepsItsTextAndComponents() throws {
        let hash = try BlurHash("LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect(hash.text == "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect(hash.componentsX == 4 && hash.componentsY == 3)
    }

    @Test(arguments: [
        ("", BlurHashError.wrongLength(0, expected: nil)),
        ("LEHV6", .wrongLength(5, expected: nil)),
        ("LEHV6nWB2yk8pyo0adR*.7kCMdn", .wrongLength(27, expected: 28)),
        ("LEHV6nWB2yk8pyo0adR*.7kCMdnjj", .wrongLength(29, expected: 28)),
        ("LEHV6nWB2yk8pyo0adR*.7kC dnj", .notADigit(at: 24)),
        ("LEHV6nWB2yk8pyo0adR*.7kCMdé", .notADigit(at: 26)),
        (String(repeating: "~", count: 167), .wrongLength(167, expected: nil)),
    ])
    func aTextThatIsNoBlurHashIsATypedError(_ text: String, _ error: BlurHashError) {
        #expect(throws: error) { try BlurHash(text) }
    }

    @Test func anEscapeCharacterIsNamedByItsOffsetNotQuoted() {
        let error = BlurHashError.notADigit(at: 24)
        #expect(throws: error) { try BlurHash("LEHV6nWB2yk8pyo0adR*.7kC\u{1B}[2J") }
        #expect(!error.description.contains("\u{1B}"))
    }

    @Test func theLargestDigitsEverywhereDecodeWithoutTrapping() throws {
        // "|" (80) is 9×9 components; "~" (82) elsewhere: an average colour of 83^4 - 1 (beyond 24 bits) and the
        // largest components. The pixels clamp.
        let hash = try BlurHash("|" + String(repeating: "~", count: 3 + 2 * 81))
        #expect(hash.componentsX == 9 && hash.componentsY == 9)
        #expect(hash.bitmap(width: 5, height: 5).pixels.count == 100)
        // A header past 80 would mean ten components down: refused whatever the length.
        #expect(throws: BlurHashError.componentsOutOfRange(2, 10)) { try BlurHash(String(repeating: "~", count: 44)) }
    }

    @Test func componentCountsOutsideOneToNineAreRefused() {
        let bitmap = Bitmap(width: 4, height: 4, filledWith: RGBA(red: 9, green: 9, blue: 9))
        #expect(throws: BlurHashError.componentsOutOfRange(0, 3)) { try BlurHash(encoding: bitmap, componentsX: 0) }
        #expect(throws: BlurHashError.componentsOutOfRange(4, 10)) { try BlurHash(encoding: bitmap, componentsY: 10) }
    }

    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<($0 + 2)], as: UTF8.self), radix: 16)! }
    }
}
