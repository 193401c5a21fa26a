// CropTests: a normalised crop keeps exactly the region asked for; bad rectangles are refused.
import Imaging
import Testing

@Suite struct CropTests {
    private let processor = ImageProcessor()

    @Test func theTopRightQuarterIsAllGreen() throws {
        // Given quadrants red | green over blue | white
        let source = TestImages.quadrants(width: 64, height: 48)
        // When the top-right quarter is cropped
        let cropped = try processor.apply(ImageEdit(crop: try CropRect(x: 0.5, y: 0, width: 0.5, height: 0.5)), to: source)
        // Then it is 32×24 and every pixel is green
        #expect(cropped.width == 32 && cropped.height == 24)
        #expect((0..<24).allSatisfy { y in (0..<32).allSatisfy { cropped[$0, y] == TestImages.green } })
    }

    @Test func aCentredCropStraddlesAllFourQuadrants() throws {
        let cropped = try processor.apply(
            ImageEdit(crop: try CropRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)), to: TestImages.quadrants(width: 64, height: 48))
        #expect(cropped.width == 32 && cropped.height == 24)
        #expect(TestImages.quadrantColours(of: cropped) == [TestImages.red, TestImages.green, TestImages.blue, TestImages.white])
    }

    @Test func cropThenRotateCropsTheUprightPicture() throws {
        let edited = try processor.apply(
            ImageEdit(crop: try CropRect(x: 0, y: 0, width: 0.5, height: 1), rotation: .clockwise90),
            to: TestImages.quadrants(width: 64, height: 48))
        // Left half is red over blue; turned clockwise, blue is on the left, red on the right.
        #expect(edited.width == 48 && edited.height == 32)
        #expect(edited[5, 16] == TestImages.blue && edited[40, 16] == TestImages.red)
    }

    @Test(arguments: [(-0.1, 0.0, 0.5, 0.5), (0.6, 0.0, 0.5, 0.5), (0.0, 0.0, 0.0, 1.0), (0.0, 0.0, 1.0, .nan), (0.0, 0.5, 1.0, 0.6)])
    func aRectangleOutsideThePictureIsRefused(x: Double, y: Double, width: Double, height: Double) {
        #expect(throws: ImagingError.self) { try CropRect(x: x, y: y, width: width, height: height) }
    }
}
