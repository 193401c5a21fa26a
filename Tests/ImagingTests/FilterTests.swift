// FilterTests: the named filters — mono gives R = G = B, invert flips, all keep size and alpha.
import Imaging
import Testing

@Suite struct FilterTests {
    private let processor = ImageProcessor()

    /// Given a colourful picture (quadrants plus a gradient row) with some transparency.
    private func colourful() -> Bitmap {
        var bitmap = TestImages.quadrants(width: 32, height: 16)
        for x in 0..<32 { bitmap[x, 8] = RGBA(red: UInt8(x * 8), green: UInt8(255 - x * 8), blue: UInt8(x * 4), alpha: 128) }
        return bitmap
    }

    @Test func monoGivesEqualChannelsEverywhere() throws {
        let mono = try processor.apply(ImageEdit(filter: .mono), to: colourful())
        for y in 0..<mono.height {
            for x in 0..<mono.width {
                let pixel = mono[x, y]
                #expect(pixel.red == pixel.green && pixel.green == pixel.blue, "pixel \(x),\(y) is \(pixel)")
            }
        }
        // Rec. 709 luma of pure green is about 182; of pure red about 54.
        #expect(abs(Int(mono[24, 2].red) - 182) <= 1)
        #expect(abs(Int(mono[2, 2].red) - 54) <= 1)
        #expect(mono[0, 8].alpha == 128)
    }

    @Test func noirIsGreyAndHarderThanMono() throws {
        let mono = try processor.apply(ImageEdit(filter: .mono), to: colourful())
        let noir = try processor.apply(ImageEdit(filter: .noir), to: colourful())
        #expect(noir[2, 2].red == noir[2, 2].blue)
        #expect(noir[2, 2].red < mono[2, 2].red) // dark gets darker
        #expect(noir[24, 2].red > mono[24, 2].red) // light gets lighter
    }

    @Test func invertFlipsColoursAndKeepsAlpha() throws {
        let inverted = try processor.apply(ImageEdit(filter: .invert), to: colourful())
        #expect(inverted[2, 2] == RGBA(red: 0, green: 255, blue: 255))
        #expect(inverted[0, 8] == RGBA(red: 255, green: 0, blue: 255, alpha: 128))
    }

    @Test(arguments: ImageFilter.allCases)
    func everyFilterKeepsSizeAndAlpha(filter: ImageFilter) throws {
        let source = colourful()
        let result = try processor.apply(ImageEdit(filter: filter), to: source)
        #expect(result.width == source.width && result.height == source.height)
        if [.blur, .sharpen].contains(filter) {
            // Neighbourhood filters mix alpha across the half-transparent row, but keep opaque areas opaque.
            #expect(result[0, 0].alpha == 255 && result[31, 15].alpha == 255)
        } else {
            #expect(result[0, 8].alpha == 128 && result[0, 0].alpha == 255)
        }
        if filter != .none { #expect(result != source, "\(filter) changed nothing") }
    }

    @Test func filterNamesAreStable() {
        #expect(ImageFilter.allCases.map(\.rawValue) == ["none", "mono", "sepia", "noir", "vivid", "invert", "blur", "sharpen"])
    }
}
