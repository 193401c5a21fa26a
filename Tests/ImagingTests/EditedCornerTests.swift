// EditedCornerTests: after every turn and crop the marked corner of a photo is where it should be —
// at thumbnail size and at the sizes attachments use (1280) and beyond (4096), from a JPEG big enough
// that libvips shrinks it on load and reads it sequentially (the case that once failed at 1280).
import Foundation
import Imaging
import Testing

@Suite(.serialized) struct EditedCornerTests {
    /// A 2560×1600 JPEG in quadrants (red top-left — the marked corner — green, blue, white),
    /// the size of the shipped photo that failed with "out of order read at line 1600".
    static let photo = Result { try ImageProcessor().encode(TestImages.quadrants(width: 2560, height: 1600), as: .jpeg(quality: 90)) }

    /// The whole photo and an off-centre crop; at 4096 two square crops (768² and 1600² pixels of the
    /// photo) keep each picture at 4096×4096, turned or not, so the suite stays within a few hundred MB.
    static func crops(width: Int) -> [CropRect] {
        width < 4096
            ? [.full, try! CropRect(x: 0.1, y: 0.2, width: 0.6, height: 0.7)]
            : [try! CropRect(x: 0.1, y: 0.2, width: 0.3, height: 0.48), try! CropRect(x: 0.1875, y: 0, width: 0.625, height: 1)]
    }

    @Test(arguments: [160, 1280, 4096], ImageRotation.allCases)
    func everyTurnAndCropPutsTheMarkedCornerWhereItBelongs(width: Int, rotation: ImageRotation) throws {
        let processor = ImageProcessor()
        // Big pictures never overlap the corpus test's peak-RSS budget.
        TestImages.memoryBudget.lock()
        defer { TestImages.memoryBudget.unlock() }
        for crop in Self.crops(width: width) {
            // When the photo is rendered with the crop and turn at this width
            let edit = ImageEdit(crop: crop, rotation: rotation)
            let picture = try processor.render(try Self.photo.get(), width: width, height: nil, edit: edit)
            // Then it has the width asked for, the crop's proportions (turned) …
            let cropAspect = (crop.width * 2560) / (crop.height * 1600)
            let aspect = rotation.swapsSides ? 1 / cropAspect : cropAspect
            #expect(picture.width == width)
            #expect(abs(Double(picture.height) - Double(width) / aspect) <= 1.5, "\(picture.width)×\(picture.height)")
            // … and every sampled point shows the colour the turned crop puts there.
            var checked = 0
            for row in 1..<8 {
                for column in 1..<8 {
                    let u = Double(column) / 8, v = Double(row) / 8
                    let (cu, cv) = Self.unturned(u, v, rotation)
                    guard let expected = TestImages.quadrantColour(x: crop.x + cu * crop.width, y: crop.y + cv * crop.height) else { continue }
                    let actual = picture[Int(u * Double(picture.width)), Int(v * Double(picture.height))]
                    #expect(TestImages.close(actual, expected), "\(rotation) \(crop) at (\(u), \(v)): \(actual), expected \(expected)")
                    checked += 1
                }
            }
            #expect(checked >= 30)
        }
    }

    /// Where the point (`u`, `v`) of a picture turned clockwise by `rotation` was before the turn.
    static func unturned(_ u: Double, _ v: Double, _ rotation: ImageRotation) -> (Double, Double) {
        switch rotation {
        case .none: (u, v)
        case .clockwise90: (v, 1 - u)
        case .halfTurn: (1 - u, 1 - v)
        case .clockwise270: (1 - v, u)
        }
    }
}
