// ConcurrencyTests: one processor used from many tasks at once gives the same pixels as used alone.
import Foundation
import Imaging
import Testing

@Suite struct ConcurrencyTests {
    @Test func concurrentRendersAgreeWithASerialOne() async throws {
        let processor = ImageProcessor()
        let png = try processor.encode(TestImages.quadrants(width: 300, height: 200), as: .png)
        let edit = ImageEdit(crop: try CropRect(x: 0.1, y: 0.2, width: 0.7, height: 0.6), rotation: .clockwise90, filter: .sepia)
        let expected = try processor.render(png, width: 60, height: 60, mode: .fill, edit: edit)
        let results = try await withThrowingTaskGroup(of: Bitmap.self) { group in
            for _ in 0..<24 {
                group.addTask { try processor.render(png, width: 60, height: 60, mode: .fill, edit: edit) }
            }
            return try await group.reduce(into: [Bitmap]()) { $0.append($1) }
        }
        #expect(results.count == 24)
        #expect(results.allSatisfy { $0 == expected })
    }
}
