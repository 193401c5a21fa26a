// RotationTests: rotating a picture moves a known pixel to where a clockwise quarter turn puts it.
import Imaging
import Testing

@Suite struct RotationTests {
    private let processor = ImageProcessor()

    /// Given a 4×2 picture with one red pixel at the top-left corner.
    private func marked() -> Bitmap {
        var bitmap = Bitmap(width: 4, height: 2, filledWith: TestImages.white)
        bitmap[0, 0] = TestImages.red
        return bitmap
    }

    @Test(arguments: [
        (ImageRotation.clockwise90, 2, 4, 1, 0),
        (ImageRotation.halfTurn, 4, 2, 3, 1),
        (ImageRotation.clockwise270, 2, 4, 0, 3),
        (ImageRotation.none, 4, 2, 0, 0),
    ])
    func theMarkedCornerMovesClockwise(rotation: ImageRotation, width: Int, height: Int, x: Int, y: Int) throws {
        // When it is rotated
        let rotated = try processor.apply(ImageEdit(rotation: rotation), to: marked())
        // Then the sides trade places for quarter turns and the red pixel is at the expected corner only
        #expect(rotated.width == width && rotated.height == height)
        #expect(rotated[x, y] == TestImages.red)
        let reds = (0..<height).flatMap { row in (0..<width).map { rotated[$0, row] } }.filter { $0 == TestImages.red }
        #expect(reds.count == 1)
    }

    @Test(arguments: [45, 1, -30, 100])
    func aRotationThatIsNotARightAngleIsRefused(degrees: Int) {
        #expect(throws: ImagingError.invalidRotation(degrees: degrees)) { try ImageRotation(degrees: degrees) }
    }

    @Test func anyMultipleOfNinetyIsNormalised() throws {
        #expect(try ImageRotation(degrees: -90) == .clockwise270)
        #expect(try ImageRotation(degrees: 450) == .clockwise90)
    }
}
