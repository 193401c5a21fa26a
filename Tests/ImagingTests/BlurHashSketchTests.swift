// BlurHashSketch: a received picture's BlurHash and size in a text form kept where a colour sketch is — read back as
// written, never mistaken for a colour sketch, and a size from an event that is out of range is dropped, not kept.
import Imaging
import Testing

struct BlurHashSketchTests {
    private let hash = "LEHV6nWB2yk8pyo0adR*.7kCMdnj"

    @Test func theTextFormReadsBackTheSameSketch() throws {
        let sized = try BlurHashSketch(hash: hash, width: 1920, height: 1080)
        #expect(sized.encoded == "blurhash/1920x1080/" + hash)
        #expect(BlurHashSketch(encoded: sized.encoded) == sized)
        let unsized = try BlurHashSketch(hash: hash, width: nil, height: 1080)
        #expect(unsized.encoded == "blurhash//" + hash)
        #expect(BlurHashSketch(encoded: unsized.encoded) == unsized)
        #expect(unsized.width == nil && unsized.height == nil)
    }

    @Test(arguments: [(0, 10), (10, -1), (1_000_000_000_000, 10), (10, Int.max)])
    func aSizeOutOfRangeLeavesTheSizeUnknown(_ width: Int, _ height: Int) throws {
        let sketch = try BlurHashSketch(hash: hash, width: width, height: height)
        #expect(sketch.width == nil && sketch.height == nil)
    }

    @Test func aTextThatIsNoBlurHashIsATypedError() {
        #expect(throws: BlurHashError.wrongLength(3, expected: nil)) { try BlurHashSketch(hash: "abc", width: 1, height: 1) }
    }

    @Test(arguments: ["", "blurhash", "blurhash/", "blurhash//", "blurhash//abc", "blurhash/10/" + "LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                      "blurhash/0x10/LEHV6nWB2yk8pyo0adR*.7kCMdnj", "blurhash/10x99999999999/LEHV6nWB2yk8pyo0adR*.7kCMdnj",
                      "LEHV6nWB2yk8pyo0adR*.7kCMdnj", "2x1:e01010e01010"])
    func aTextThatIsNoBlurHashSketchIsRefused(_ text: String) {
        #expect(BlurHashSketch(encoded: text) == nil)
    }

    @Test func neitherSketchFormReadsAsTheOther() throws {
        #expect(ColourSketch(encoded: try BlurHashSketch(hash: hash, width: 4, height: 3).encoded) == nil)
        #expect(BlurHashSketch(encoded: "2x1:e01010e01010") == nil)
    }
}
