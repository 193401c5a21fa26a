// SmallCopyRenderTests: a crop of an opaque small copy is scaled in Swift (no libvips pipeline) and looks like
// libvips' render of it; a turn, a filter, transparency in the crop or an enlargement keep libvips' path.
import Foundation
@testable import Imaging
import TestSupport
import Testing

@Suite struct SmallCopyRenderTests {
    private let processor = ImageProcessor()

    /// A 512-px opaque copy of a shipped photo, as `PhotoReductions` keeps one.
    private func copy() throws -> Bitmap {
        let data = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("assets/photos/astronaut.jpg"))
        return try processor.thumbnail(data, width: 512, height: 512, mode: .fit)
    }

    private func plan(_ photo: Bitmap, width: Int?, height: Int?, mode: ThumbnailMode = .fit, edit: ImageEdit) -> RenderPlan {
        RenderPlan(uprightWidth: photo.width, uprightHeight: photo.height, width: width, height: height, mode: mode, edit: edit)
    }

    @Test func aCropScaledInSwiftMatchesLibvipsRenderOfIt() throws {
        let photo = try copy()
        for (crop, mode) in [(try CropRect(x: 0, y: 0, width: 0.9, height: 1), ThumbnailMode.fit),
                             (try CropRect(x: 0.2, y: 0.1, width: 0.5, height: 0.6), .fill), (CropRect.full, .fill)] {
            let edit = ImageEdit(crop: crop)
            let swift = try #require(ImageProcessor.reducedInSwift(photo, plan(photo, width: 160, height: 96, mode: mode, edit: edit), edit: edit))
            // libvips' path for the same pixels: one pixel of the crop made 1/255 transparent turns the Swift path down
            var marked = photo
            let area = crop.pixels(ofWidth: photo.width, height: photo.height)
            marked.pixels[((area.top + area.height / 2) * photo.width + area.left + area.width / 2) * 4 + 3] = 254
            #expect(ImageProcessor.reducedInSwift(marked, plan(marked, width: 160, height: 96, mode: mode, edit: edit), edit: edit) == nil)
            let libvips = try processor.render(marked, width: 160, height: 96, mode: mode, edit: edit)
            #expect(swift.width == libvips.width && swift.height == libvips.height, "\(crop) \(mode)")
            #expect(swift.psnr(against: libvips) > 35, "\(crop) \(mode): \(swift.psnr(against: libvips)) dB")
        }
    }

    @Test func turnsFiltersAndEnlargementsStayWithLibvips() throws {
        let photo = try copy()
        let turned = ImageEdit(rotation: .clockwise90), filtered = ImageEdit(filter: .mono)
        #expect(ImageProcessor.reducedInSwift(photo, plan(photo, width: 100, height: nil, edit: turned), edit: turned) == nil)
        #expect(ImageProcessor.reducedInSwift(photo, plan(photo, width: 100, height: nil, edit: filtered), edit: filtered) == nil)
        #expect(ImageProcessor.reducedInSwift(photo, plan(photo, width: 1024, height: nil, edit: .none), edit: .none) == nil)
        // and through the public call they are still made
        let picture = try processor.render(photo, width: 100, height: nil, edit: turned)
        #expect(picture.height == 100)
    }
}
