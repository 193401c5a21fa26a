// A thumbnail's encoding runs on a low-priority worker thread, below the UI's priority.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct ThumbnailWorkerPriorityTests {
    /// Encodes with the real encoder and notes the niceness of the thread it ran on.
    private final class RecordingEncoder: ThumbnailEncoding, @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [Int32] = []
        var niceness: [Int32] { lock.withLock { seen } }

        func encode(_ data: Data, for box: ThumbnailBox) throws -> TerminalPicture {
            lock.withLock { seen.append(WorkerPool.currentThreadNiceness()) }
            return try ThumbnailEncoder().encode(data, for: box)
        }
    }

    @Test func encodingRunsBelowTheUIThreadsPriority() async throws {
        // Given a thumbnail loader with a recording encoder over a real PNG
        let source = URL(string: "mock://photos/card.png")!
        let png = try await OffPool.run { try ImageProcessor().encode(TestImages.card(width: 120, height: 80), as: .png) }
        let mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: png, mimeType: "image/png"))
        let encoder = RecordingEncoder()
        let thumbnails = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(encoder: encoder)])
        // When a sixel thumbnail is loaded
        let url = ThumbnailURL(source: source, box: ThumbnailBox(columns: 12, rows: 4, mode: .sixel)).url
        let result = try await thumbnails.data(for: url)
        // Then it was encoded on a thread the scheduler favours less than the UI's
        let ui = await MainActor.run { WorkerPool.currentThreadNiceness() }
        #expect(result.source == .handler)
        #expect(encoder.niceness.count == 1)
        #expect(encoder.niceness.allSatisfy { $0 > ui || ui == 19 }, "encoded at \(encoder.niceness), UI at \(ui)")
        await thumbnails.shutdown()
    }
}
