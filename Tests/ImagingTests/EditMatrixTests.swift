// EditMatrixTests: every turn × crop × filter × mode, from a thumbnail up to the 8192 limit, for
// JPEG, PNG, WebP and GIF sources — and every shipped photo at the attachment width — renders.
import Foundation
import Imaging
import Testing

@Suite struct EditMatrixTests {
    /// 8:1 panoramas, so that an 8192-pixel long side stays a small picture (8192×1024).
    static let sources: [(String, Data)] = {
        let picture = TestImages.quadrants(width: 800, height: 100)
        return [".jpg", ".png", ".webp", ".gif"].map { suffix in (suffix, try! TestImages.encoded(picture, suffix: suffix)) }
    }()

    static let crops: [CropRect] = [.full, try! CropRect(x: 0.3, y: 0.1, width: 0.5, height: 0.8)]

    @Test(arguments: [".jpg", ".png", ".webp", ".gif"], [96, 1280, 8192])
    func everyEditRendersAtEverySize(suffix: String, longSide: Int) throws {
        // Big pictures never count against the bad-file corpus' memory budget.
        if longSide >= 8192 { TestImages.memoryBudget.lock() }
        defer { if longSide >= 8192 { TestImages.memoryBudget.unlock() } }
        let processor = ImageProcessor()
        let source = try #require(Self.sources.first { $0.0 == suffix }?.1)
        var index = 0
        for rotation in ImageRotation.allCases {
            for crop in Self.crops {
                // At the 8192 limit fit only (fill at that size is the same pipeline plus a centre crop;
                // it is covered at 96 and 1280) to keep the suite within seconds on a loaded machine.
                for mode in longSide < 8192 ? [ThumbnailMode.fit, .fill] : [.fit] {
                    // When the edit is rendered with its long side bounded (fit) or into a box (fill)
                    let filter = ImageFilter.allCases[index % ImageFilter.allCases.count]
                    index += 1
                    let edit = ImageEdit(crop: crop, rotation: rotation, filter: filter)
                    let box = (long: longSide, short: max(1, longSide / 8))
                    let (width, height): (Int?, Int?) = switch (mode, rotation.swapsSides) {
                    case (.fit, false): (longSide, nil)
                    case (.fit, true): (nil, longSide)
                    case (.fill, false): (box.long, box.short)
                    case (.fill, true): (box.short, box.long)
                    }
                    let what = "\(suffix) \(rotation) \(crop) \(filter) \(mode) \(width.map(String.init) ?? "-")×\(height.map(String.init) ?? "-")"
                    let picture: Bitmap
                    do {
                        picture = try processor.render(source, width: width, height: height, mode: mode, edit: edit)
                    } catch {
                        Issue.record("\(what): \(error)")
                        continue
                    }
                    // Then it renders, with the long side asked for, on the side the turn puts it
                    let long = rotation.swapsSides ? picture.height : picture.width
                    #expect(long == longSide, "\(what): \(picture.width)×\(picture.height)")
                    if mode == .fill { #expect(picture.width == width && picture.height == height, "\(what): \(picture.width)×\(picture.height)") }
                }
            }
        }
    }

    @Test func everyShippedPhotoRendersTurnedAtAttachmentWidth() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../assets/photos").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".gif") }.sorted()
        #expect(names.count >= 10)
        let processor = ImageProcessor()
        for (number, name) in names.enumerated() {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            // Two turns per photo (a quarter turn always, the other three in turn): 26 renders, not 52.
            for rotation in Set([ImageRotation.clockwise90, ImageRotation.allCases[number % 4]]) {
                let edit = ImageEdit(crop: Self.crops[number % 2], rotation: rotation, filter: ImageFilter.allCases[(number + rotation.rawValue / 90) % ImageFilter.allCases.count])
                do {
                    let picture = try processor.render(data, width: 1280, height: nil, edit: edit)
                    #expect(picture.width == 1280, "\(name) \(rotation)")
                } catch {
                    Issue.record("\(name) \(rotation): \(error)")
                }
            }
        }
    }
}
