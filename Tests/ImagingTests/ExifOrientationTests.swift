// ExifOrientationTests: JPEGs stored sideways or upside down (EXIF orientation 3, 6, 8) come out upright.
import Foundation
import Imaging
import Testing

@Suite struct ExifOrientationTests {
    private let processor = ImageProcessor()

    /// The upright picture: 64×48 quadrants red | green over blue | white.
    private let upright = TestImages.quadrants(width: 64, height: 48)

    /// Given the upright picture stored as a camera would with `orientation`: turned so that the
    /// viewer's correction (3: 180°, 6: 90° clockwise, 8: 270° clockwise) brings it back.
    private func stored(orientation: Int) throws -> Data {
        let storedTurn: ImageRotation = switch orientation {
        case 3: .halfTurn
        case 6: .clockwise270
        case 8: .clockwise90
        default: .none
        }
        return try TestImages.jpeg(processor.apply(ImageEdit(rotation: storedTurn), to: upright), orientation: orientation)
    }

    @Test(arguments: [1, 3, 6, 8])
    func decodeIsUpright(orientation: Int) throws {
        let data = try stored(orientation: orientation)
        let info = try processor.info(of: data)
        #expect(info.orientation == orientation)
        #expect(info.width == 64 && info.height == 48, "info gives the upright size")
        let decoded = try processor.decode(data)
        #expect(decoded.width == 64 && decoded.height == 48)
        let colours = TestImages.quadrantColours(of: decoded)
        for (got, want) in zip(colours, [TestImages.red, TestImages.green, TestImages.blue, TestImages.white]) {
            #expect(TestImages.close(got, want), "orientation \(orientation): \(got) should be \(want)")
        }
    }

    @Test(arguments: [3, 6, 8])
    func thumbnailAndRenderAreUpright(orientation: Int) throws {
        let data = try stored(orientation: orientation)
        for picture in [
            try processor.thumbnail(data, width: 32, height: 32, mode: .fit),
            try processor.render(data, width: 32, height: nil),
        ] {
            #expect(picture.width == 32 && picture.height == 24)
            #expect(TestImages.close(TestImages.quadrantColours(of: picture)[0], TestImages.red))
            #expect(TestImages.close(TestImages.quadrantColours(of: picture)[3], TestImages.white))
        }
    }
}
