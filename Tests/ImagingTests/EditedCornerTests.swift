// EditedCornerTests: after every turn and crop the marked corner of a photo is where it should be —
// at thumbnail size and at the sizes attachments use (1280) and beyond (4096), from a JPEG big enough
// that libvips shrinks it on load and reads it sequentially (the case that once failed at 1280).
import Foundation
import Imaging
import TestSupport
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

    /// What one render showed: its size and the colour at each sampled point (u, v in eighths).
    struct Samples: Sendable {
        let crop: CropRect
        let width, height: Int
        let colours: [(u: Double, v: Double, colour: RGBA)]
    }

    @Test(arguments: [160, 1280, 4096], ImageRotation.allCases)
    func everyTurnAndCropPutsTheMarkedCornerWhereItBelongs(width: Int, rotation: ImageRotation) async throws {
        // When the photo is rendered with each crop and the turn at this width (off the cooperative pool)
        let renders = try await OffPool.run { try Self.render(width: width, rotation: rotation) }
        for render in renders {
            let crop = render.crop
            // Then it has the width asked for, the crop's proportions (turned) …
            let cropAspect = (crop.width * 2560) / (crop.height * 1600)
            let aspect = rotation.swapsSides ? 1 / cropAspect : cropAspect
            #expect(render.width == width)
            #expect(abs(Double(render.height) - Double(width) / aspect) <= 1.5, "\(render.width)×\(render.height)")
            // … and every sampled point shows the colour the turned crop puts there.
            var checked = 0
            for (u, v, actual) in render.colours {
                let (cu, cv) = Self.unturned(u, v, rotation)
                guard let expected = TestImages.quadrantColour(x: crop.x + cu * crop.width, y: crop.y + cv * crop.height) else { continue }
                #expect(TestImages.close(actual, expected), "\(rotation) \(crop) at (\(u), \(v)): \(actual), expected \(expected)")
                checked += 1
            }
            #expect(checked >= 30)
        }
    }

    /// Renders the photo turned by `rotation` at `width` with each crop, sampling a 7×7 grid of points.
    static func render(width: Int, rotation: ImageRotation) throws -> [Samples] {
        let processor = ImageProcessor()
        // Big pictures never overlap the corpus test's peak-RSS budget.
        TestImages.memoryBudget.lock()
        defer { TestImages.memoryBudget.unlock() }
        return try crops(width: width).map { crop in
            let picture = try processor.render(try photo.get(), width: width, height: nil, edit: ImageEdit(crop: crop, rotation: rotation))
            let points = (1..<8).flatMap { row in (1..<8).map { column in (u: Double(column) / 8, v: Double(row) / 8) } }
            let colours = points.map { ($0.u, $0.v, picture[Int($0.u * Double(picture.width)), Int($0.v * Double(picture.height))]) }
            return Samples(crop: crop, width: picture.width, height: picture.height, colours: colours)
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
