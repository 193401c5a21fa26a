// ThumbnailSizeTests: `fit` and `fill` give the right sizes, from encoded bytes, and bad boxes are refused.
import Foundation
import Imaging
import Testing

@Suite struct ThumbnailSizeTests {
    private let processor = ImageProcessor()

    /// Given a 400×200 PNG.
    private func wide() throws -> Data {
        try processor.encode(TestImages.quadrants(width: 400, height: 200), as: .png)
    }

    @Test(arguments: [
        (ThumbnailMode.fit, 100, 100, 100, 50),
        (ThumbnailMode.fill, 100, 100, 100, 100),
        (ThumbnailMode.fit, 240, 160, 240, 120),
        (ThumbnailMode.fill, 240, 160, 240, 160),
        (ThumbnailMode.fit, 800, 800, 800, 400),
    ])
    func thumbnailSizes(mode: ThumbnailMode, boxWidth: Int, boxHeight: Int, width: Int, height: Int) throws {
        let thumbnail = try processor.thumbnail(wide(), width: boxWidth, height: boxHeight, mode: mode)
        #expect(thumbnail.width == width && thumbnail.height == height)
    }

    @Test func fillKeepsTheCentre() throws {
        let thumbnail = try processor.thumbnail(wide(), width: 100, height: 100, mode: .fill)
        // The centre square of 400×200 quadrants still has the four colours in its quadrants.
        #expect(TestImages.quadrantColours(of: thumbnail) == [TestImages.red, TestImages.green, TestImages.blue, TestImages.white])
    }

    @Test(arguments: [
        (Int?.some(120), Int?.some(80), ThumbnailMode.fit, ImageRotation.none, 120, 60),
        (120, 80, .fill, .none, 120, 80),
        (120, 80, .fill, .clockwise90, 120, 80),
        (120, nil, .fit, .none, 120, 60),
        (nil, 50, .fit, .clockwise90, 25, 50),
        (nil, nil, .fit, .none, 400, 200),
    ])
    func renderSizesDescribeTheResult(width: Int?, height: Int?, mode: ThumbnailMode, rotation: ImageRotation, expectedWidth: Int, expectedHeight: Int) throws {
        let rendered = try processor.render(wide(), width: width, height: height, mode: mode, edit: ImageEdit(rotation: rotation))
        #expect(rendered.width == expectedWidth && rendered.height == expectedHeight)
    }

    @Test func renderCropsBeforeScaling() throws {
        // The top-right quarter (200×100, green) fitted into 50×50 is 50×25, all green.
        let rendered = try processor.render(
            wide(), width: 50, height: 50, edit: ImageEdit(crop: try CropRect(x: 0.5, y: 0, width: 0.5, height: 0.5)))
        #expect(rendered.width == 50 && rendered.height == 25)
        #expect(TestImages.close(rendered[25, 12], TestImages.green, tolerance: 2))
    }

    @Test(arguments: [(0, 10, "width"), (10, -1, "height"), (100_000, 10, "width")])
    func aBadBoxIsRefusedByName(width: Int, height: Int, name: String) throws {
        let data = try wide()
        #expect {
            try processor.thumbnail(data, width: width, height: height, mode: .fit)
        } throws: { error in
            guard case .invalidSize(let named, _, _) = error as? ImagingError else { return false }
            return named == name
        }
    }
}
