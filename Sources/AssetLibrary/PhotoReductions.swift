// PhotoReductions: a smaller copy of each large photo, decoded once and kept in memory, that renders far smaller than
// the photo are made from instead of decoding its file again.
import Foundation
import Imaging
import SchemeLoader

/// Copies of the library's large photos fitted into `longSide × longSide`, upright, in memory (least recently used
/// dropped past `capacity`), each under its photo's file identity: a changed file is a new photo.
///
/// A box-sized render (a conversation row's thumbnail, a picker's preview of a crop, a turn or a filter) decodes the
/// whole file to learn a few thousand pixels: 20–40 ms for a 12–18 MP JPEG, whatever the box. Each further crop,
/// turn, filter or box of the same photo is made from its copy (a crop and a resize of 512 px) when the copy holds at
/// least twice the pixels the render takes from the photo; else the render decodes the file, as before.
final class PhotoReductions: @unchecked Sendable {
    /// A photo's copy and the photo's own upright size.
    struct Reduction: Sendable {
        let copy: Bitmap
        let photoWidth: Int
        let photoHeight: Int
    }

    /// The longest side of a copy.
    static let longSide = 512
    /// Photos whose longest side is below this are decoded whole each time (they are small already).
    static let smallestReduced = 2 * longSide

    private let capacity: Int
    private let lock = NSLock()
    private var entries: [String: Reduction] = [:]
    private var order: [String] = []  // least recently used first
    private var made = 0

    /// Keeps at most `capacity` copies (a 512-px copy is about 0.6–1 MB of pixels).
    init(capacity: Int = 24) {
        self.capacity = max(1, capacity)
    }

    /// How many copies were made by decoding a photo's file.
    var copiesMade: Int { lock.withLock { made } }

    /// Whether a copy would serve the render `plan` (one with at least twice its pixels on each side).
    static func mayServe(_ plan: RenderPlan) -> Bool {
        2 * max(plan.decodeSize.width, plan.decodeSize.height) <= longSide
    }

    /// The render `plan` of the photo whose copy is `reduction` takes from it: served by the copy when the copy
    /// has at least twice the photo's pixels at the render's scale on each side.
    static func serves(_ plan: RenderPlan, from reduction: Reduction) -> Bool {
        2 * plan.decodeSize.width <= reduction.copy.width && 2 * plan.decodeSize.height <= reduction.copy.height
    }

    /// The copy kept for `key`, if any (now the most recently used).
    func reduction(for key: String) -> Reduction? {
        lock.withLock {
            guard let found = entries[key] else { return nil }
            if let index = order.firstIndex(of: key) { order.remove(at: index) }
            order.append(key)
            return found
        }
    }

    /// The copy of the photo `data` (upright size `width × height`) made and kept under `key`; `nil` when the photo
    /// is too small to be worth a copy.
    func makeReduction(of data: Data, width: Int, height: Int, key: String, processor: ImageProcessor) throws(ImagingError) -> Reduction? {
        guard max(width, height) >= Self.smallestReduced else { return nil }
        let copy = try processor.render(data, width: Self.longSide, height: Self.longSide, mode: .fit)
        let reduction = Reduction(copy: copy, photoWidth: width, photoHeight: height)
        lock.withLock {
            made += 1
            if entries.updateValue(reduction, forKey: key) == nil {
                order.append(key)
                if order.count > capacity { entries[order.removeFirst()] = nil }
            }
        }
        return reduction
    }
}
