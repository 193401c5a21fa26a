// EditMatrixTests: every turn × crop × filter × mode, from a thumbnail up to the 8192 limit, for
// JPEG, PNG, WebP and GIF sources — and every shipped photo at the attachment width — renders.
import Foundation
import Imaging
import TestSupport
import Testing

@Suite struct EditMatrixTests {
    /// 8:1 panoramas, so that an 8192-pixel long side stays a small picture (8192×1024).
    static let sources: [(String, Data)] = {
        let picture = TestImages.quadrants(width: 800, height: 100)
        return [".jpg", ".png", ".webp", ".gif"].map { suffix in (suffix, try! TestImages.encoded(picture, suffix: suffix)) }
    }()

    static let crops: [CropRect] = [.full, try! CropRect(x: 0.3, y: 0.1, width: 0.5, height: 0.8)]

    /// One render of the matrix: what was asked and the size that came out (or the error).
    struct Render: Sendable {
        let what: String
        let swapsSides: Bool
        let mode: ThumbnailMode
        let width: Int?, height: Int?
        let outcome: Result<Size, ImagingError>
    }

    struct Size: Sendable, Equatable { let width, height: Int }

    @Test(arguments: [".jpg", ".png", ".webp", ".gif"], [96, 1280, 8192])
    func everyEditRendersAtEverySize(suffix: String, longSide: Int) async throws {
        let source = try #require(Self.sources.first { $0.0 == suffix }?.1)
        // When every edit is rendered with its long side bounded (fit) or into a box (fill) — seconds of
        // libvips work, done on a thread of its own so that it never holds the cooperative pool
        let renders = try await OffPool.run { Self.renderEveryEdit(of: source, suffix: suffix, longSide: longSide) }
        // Then each renders, with the long side asked for, on the side the turn puts it
        for render in renders {
            switch render.outcome {
            case .failure(let error):
                Issue.record("\(render.what): \(error)")
            case .success(let size):
                #expect((render.swapsSides ? size.height : size.width) == longSide, "\(render.what): \(size.width)×\(size.height)")
                if render.mode == .fill {
                    #expect(size.width == render.width && size.height == render.height, "\(render.what): \(size.width)×\(size.height)")
                }
            }
        }
        #expect(renders.count == (longSide < 8192 ? 16 : 8))
    }

    /// Renders every turn × crop × mode (filters in turn) of `source` at `longSide`.
    static func renderEveryEdit(of source: Data, suffix: String, longSide: Int) -> [Render] {
        // Big pictures never count against the bad-file corpus' memory budget.
        if longSide >= 8192 { TestImages.memoryBudget.lock() }
        defer { if longSide >= 8192 { TestImages.memoryBudget.unlock() } }
        let processor = ImageProcessor()
        var renders: [Render] = []
        for rotation in ImageRotation.allCases {
            for crop in crops {
                // At the 8192 limit fit only (fill at that size is the same pipeline plus a centre crop;
                // it is covered at 96 and 1280) to keep the suite within seconds on a loaded machine.
                for mode in longSide < 8192 ? [ThumbnailMode.fit, .fill] : [.fit] {
                    let filter = ImageFilter.allCases[renders.count % ImageFilter.allCases.count]
                    let edit = ImageEdit(crop: crop, rotation: rotation, filter: filter)
                    let box = (long: longSide, short: max(1, longSide / 8))
                    let (width, height): (Int?, Int?) = switch (mode, rotation.swapsSides) {
                    case (.fit, false): (longSide, nil)
                    case (.fit, true): (nil, longSide)
                    case (.fill, false): (box.long, box.short)
                    case (.fill, true): (box.short, box.long)
                    }
                    let what = "\(suffix) \(rotation) \(crop) \(filter) \(mode) \(width.map(String.init) ?? "-")×\(height.map(String.init) ?? "-")"
                    let outcome = Result { () throws(ImagingError) in
                        let picture = try processor.render(source, width: width, height: height, mode: mode, edit: edit)
                        return Size(width: picture.width, height: picture.height)
                    }
                    renders.append(Render(what: what, swapsSides: rotation.swapsSides, mode: mode, width: width, height: height, outcome: outcome))
                }
            }
        }
        return renders
    }

    @Test func everyShippedPhotoRendersTurnedAtAttachmentWidth() async throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets/photos").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".gif") }.sorted()
        #expect(names.count >= 10)
        // Rendered off the cooperative pool (26 renders of real photos).
        let renders = try await OffPool.run {
            let processor = ImageProcessor()
            var renders: [(what: String, width: Result<Int, ImagingError>)] = []
            for (number, name) in names.enumerated() {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                // Two turns per photo (a quarter turn always, the other three in turn): 26 renders, not 52.
                for rotation in Set([ImageRotation.clockwise90, ImageRotation.allCases[number % 4]]) {
                    let edit = ImageEdit(crop: Self.crops[number % 2], rotation: rotation,
                                         filter: ImageFilter.allCases[(number + rotation.rawValue / 90) % ImageFilter.allCases.count])
                    renders.append(("\(name) \(rotation)", Result { () throws(ImagingError) in
                        try processor.render(data, width: 1280, height: nil, edit: edit).width
                    }))
                }
            }
            return renders
        }
        for render in renders {
            switch render.width {
            case .success(let width): #expect(width == 1280, "\(render.what)")
            case .failure(let error): Issue.record("\(render.what): \(error)")
            }
        }
    }
}
