// PhotoShelf: the photos a test's drafts attach, read as the asset library would — each read counted (so a test sees
// whether Enter prepared anything), held until opened when asked, failing for the URLs it does not hold.
import Dispatch
import Foundation
import Imaging
import Synchronization

final class PhotoShelf: Sendable {
    struct Missing: Error, CustomStringConvertible {
        let url: URL
        var description: String { "no photo at \(url.absoluteString)" }
    }

    private let photos: [URL: Data]
    private let reads = Mutex(0)
    private let held: Bool
    private let gate = DispatchSemaphore(value: 0)

    /// A shelf of `photos` by URL; `held`: each read waits for `open()`.
    init(_ photos: [URL: Data], held: Bool = false) {
        self.photos = photos
        self.held = held
    }

    /// How many reads started.
    var readCount: Int { reads.withLock { $0 } }

    /// Lets every read (waiting or later) go on.
    func open() { for _ in 0..<64 { gate.signal() } }

    func read(_ url: URL) throws -> (data: Data, edit: ImageEdit) {
        reads.withLock { $0 += 1 }
        if held { gate.wait() }
        guard let data = photos[url] else { throw Missing(url: url) }
        return (data, ImageEdit.none)
    }

    /// A JPEG of `width` × `height`, one colour.
    static func photo(width: Int, height: Int) throws -> Data {
        let pixels = [UInt8](repeating: 120, count: width * height * 4)
        guard let bitmap = Bitmap(width: width, height: height, pixels: pixels) else { throw CocoaError(.coderInvalidValue) }
        return try ImageProcessor().encode(bitmap, as: .jpeg(quality: 80))
    }
}
