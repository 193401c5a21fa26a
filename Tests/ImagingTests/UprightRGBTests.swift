// UprightRGBTests: each of the eight orientations (TIFF 6.0, EXIF) shows the stored corners where the standard's
// table puts them, with the sides swapped for 5–8.
@testable import Imaging
import Testing

@Suite struct UprightRGBTests {
    enum Corner: Equatable { case topLeft, topRight, bottomLeft, bottomRight }

    /// Where the stored top-left and top-right pixels are shown, by orientation (the standard's table).
    static let expected: [Int: (storedTopLeft: Corner, storedTopRight: Corner)] = [
        1: (.topLeft, .topRight), 2: (.topRight, .topLeft), 3: (.bottomRight, .bottomLeft), 4: (.bottomLeft, .bottomRight),
        5: (.topLeft, .bottomLeft), 6: (.topRight, .bottomRight), 7: (.bottomRight, .topRight), 8: (.bottomLeft, .topLeft),
    ]

    @Test(arguments: 1...8)
    func theStoredCornersAreShownWhereTheOrientationSays(orientation: Int) throws {
        // Given 4×2 stored pixels: the top-left red, the top-right green, the rest grey
        let (width, height) = (4, 2)
        var stored = [UInt8](repeating: 128, count: width * height * 3)
        stored[0] = 255
        stored[(width - 1) * 3 + 1] = 255
        // When turned upright
        let upright = stored.withUnsafeBufferPointer { UprightRGB($0, width: width, height: height, orientation: orientation) }
        // Then the sides are swapped for 5–8, and red and green are in the corners the table says
        #expect((upright.width, upright.height) == (orientation >= 5 ? (2, 4) : (4, 2)))
        func corner(_ corner: Corner) -> [UInt8] {
            let x = corner == .topLeft || corner == .bottomLeft ? 0 : upright.width - 1
            let y = corner == .topLeft || corner == .topRight ? 0 : upright.height - 1
            return Array(upright.pixels[(y * upright.width + x) * 3 ..< (y * upright.width + x) * 3 + 3])
        }
        let table = try #require(Self.expected[orientation])
        #expect(corner(table.storedTopLeft) == [255, 128, 128], "orientation \(orientation)")
        #expect(corner(table.storedTopRight) == [128, 255, 128], "orientation \(orientation)")
        #expect(upright.pixels.count == stored.count)
    }
}
