// ConcurrentFailureTests: failures at the same moment on many threads each report their own libvips
// text — never another call's (libvips keeps one error buffer for the whole process).
import Foundation
import Imaging
import TestSupport
import Testing

@Suite struct ConcurrentFailureTests {
    @Test func concurrentFailuresDoNotMixTheirMessages() async throws {
        // Given three damaged pictures whose decoders fail with different words
        let processor = ImageProcessor()
        let picture = TestImages.quadrants(width: 96, height: 64)
        let jpeg = try processor.encode(picture, as: .jpeg(quality: 90)).prefix(300)
        let gif = try TestImages.encoded(picture, suffix: ".gif").prefix(40)
        let webp = try TestImages.encoded(picture, suffix: ".webp").prefix(40)
        let kinds: [(input: Data, marker: String)] = [(jpeg, "VipsJpeg"), (gif, "gif"), (webp, "webp")]
        let markers = kinds.map(\.marker)
        // When 90 decodes of them fail at once, on worker threads (not the cooperative pool)
        let messages: [String] = try await OffPool.run {
            let slots = Messages(count: 90)
            DispatchQueue.concurrentPerform(iterations: 90) { index in
                let kind = kinds[index % kinds.count]
                let outcome = Result { () throws(ImagingError) in
                    try processor.render(kind.input, width: 64, height: nil, edit: ImageEdit(rotation: .clockwise90))
                }
                switch outcome {
                case .success: slots.set(index, "no failure")
                case .failure(let error): slots.set(index, error.description)
                }
            }
            return slots.values
        }
        // Then each message names its own decoder and no other one
        for (index, message) in messages.enumerated() {
            let own = markers[index % markers.count]
            #expect(message.contains(own), "\(index): \(message)")
            for other in markers where other != own {
                #expect(!message.lowercased().contains(other.lowercased()), "\(index) (\(own)) got: \(message)")
            }
        }
    }
}

/// The messages the worker threads fill in.
private final class Messages: @unchecked Sendable { // safe: every access holds `lock`
    private let lock = NSLock()
    private var storage: [String]

    init(count: Int) { storage = Array(repeating: "", count: count) }

    func set(_ index: Int, _ value: String) { lock.withLock { storage[index] = value } }

    var values: [String] { lock.withLock { storage } }
}
