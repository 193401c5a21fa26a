// BitmapTests: the pixel value type's layout.
import Imaging
import Testing

@Suite struct BitmapTests {
    @Test func pixelsAreRowMajorRGBA() throws {
        var bitmap = Bitmap(width: 3, height: 2, filledWith: RGBA(red: 0, green: 0, blue: 0))
        bitmap[2, 1] = RGBA(red: 10, green: 20, blue: 30, alpha: 40)
        #expect(Array(bitmap.pixels[20..<24]) == [10, 20, 30, 40])
        #expect(bitmap[2, 1].green == 20)
        #expect(Bitmap(width: 2, height: 2, pixels: [0, 0, 0]) == nil)
    }
}
