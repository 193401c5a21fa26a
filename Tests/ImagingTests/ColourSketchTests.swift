// ColourSketch: a few dozen bytes of a picture's colours, in its shape, that read back as they were written and draw a
// smooth stand-in with the picture's own colours where they were.
import Foundation
import Imaging
import Testing

struct ColourSketchTests {
    /// A 300×100 picture: red on its left third, green in the middle, blue on the right.
    private static let stripes: Bitmap = {
        var bitmap = Bitmap(width: 300, height: 100, filledWith: RGBA(red: 0, green: 0, blue: 0))
        let colours = [RGBA(red: 220, green: 30, blue: 30), RGBA(red: 30, green: 200, blue: 40), RGBA(red: 20, green: 40, blue: 230)]
        for y in 0..<100 { for x in 0..<300 { bitmap[x, y] = colours[x / 100] } }
        return bitmap
    }()

    @Test func aWidePictureGetsAWideGridOfItsOwnColours() throws {
        // When a 3:1 picture is sketched
        let sketch = ColourSketch(bitmap: Self.stripes)
        // Then the grid keeps its shape (8 across, 3 down) and each end cell has its stripe's colour
        #expect(sketch.columns == 8 && sketch.rows == 3)
        #expect(Array(sketch.colours[0..<3]) == [220, 30, 30])
        #expect(Array(sketch.colours[(7 * 3)..<(8 * 3)]) == [20, 40, 230])
    }

    @Test func theTextFormReadsBackTheSameSketchAndIsShort() throws {
        let sketch = ColourSketch(bitmap: Self.stripes)
        let text = sketch.encoded
        #expect(text.hasPrefix("8x3:"))
        #expect(text.utf8.count == 4 + 8 * 3 * 6, "a few dozen bytes, kept with a message")
        #expect(ColourSketch(encoded: text) == sketch)
        #expect(ColourSketch(encoded: text.uppercased().replacingOccurrences(of: "X", with: "x")) == sketch, "hex in either case")
    }

    @Test(arguments: ["", "8x3", "8x3:", "0x3:", "9x1:" + String(repeating: "00", count: 27), "2x1:00112", "2x1:0011zz445566",
                      "2x1:001122334455ff", "-1x1:000000", "1x1:0000000"])
    func aTextThatIsNotASketchIsRefused(_ text: String) {
        #expect(ColourSketch(encoded: text) == nil)
    }

    @Test func drawnBackItHasEachStripesColourWhereTheStripeWasAndBlendsBetween() {
        // When the sketch is drawn at another size than the picture's
        let drawn = ColourSketch(bitmap: Self.stripes).bitmap(width: 60, height: 20)
        // Then the left and right ends have their stripes' colours, the middle the middle stripe's
        #expect(drawn.width == 60 && drawn.height == 20)
        let left = drawn[1, 10], middle = drawn[30, 10], right = drawn[58, 10]
        #expect(left.red > 200 && left.blue < 50)
        #expect(middle.green > 150 && middle.red < 80 && middle.blue < 80)
        #expect(right.blue > 200 && right.red < 50)
        // and the stripes' borders are blended, not hard edges
        let border = drawn[20, 10]
        #expect(border.red > 40 && border.green > 40)
    }

    @Test func aTransparentPictureIsSketchedOverBlack() {
        let clear = Bitmap(width: 10, height: 10, filledWith: RGBA(red: 255, green: 255, blue: 255, alpha: 0))
        #expect(ColourSketch(bitmap: clear).colours.allSatisfy { $0 == 0 })
    }
}
