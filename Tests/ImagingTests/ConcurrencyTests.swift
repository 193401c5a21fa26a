// ConcurrencyTests: one processor used from many tasks at once gives the same pixels as used alone.
import Foundation
import Imaging
import TestSupport
import Testing

@Suite struct ConcurrencyTests {
    @Test func concurrentRendersAgreeWithASerialOne() async throws {
        let processor = ImageProcessor()
        let png = try processor.encode(TestImages.quadrants(width: 300, height: 200), as: .png)
        let edit = ImageEdit(crop: try CropRect(x: 0.1, y: 0.2, width: 0.7, height: 0.6), rotation: .clockwise90, filter: .sepia)
        let expected = try processor.render(png, width: 60, height: 60, mode: .fill, edit: edit)
        // Off the cooperative pool: blocking work there would starve other tests.
        let results = try await OffPool.run {
            let slots = Locked(Array(repeating: Bitmap?.none, count: 24))
            DispatchQueue.concurrentPerform(iterations: 24) { index in
                let bitmap = try? processor.render(png, width: 60, height: 60, mode: .fill, edit: edit)
                slots.set(index, bitmap)
            }
            return slots.values
        }
        #expect(results.count == 24)
        #expect(results.allSatisfy { $0 == expected })
    }
}

/// A lock-guarded array the worker threads fill in.
private final class Locked: @unchecked Sendable { // safe: every access holds `lock`
    private let lock = NSLock()
    private var storage: [Bitmap?]

    init(_ storage: [Bitmap?]) { self.storage = storage }

    func set(_ index: Int, _ value: Bitmap?) { lock.withLock { storage[index] = value } }

    var values: [Bitmap?] { lock.withLock { storage } }
}
