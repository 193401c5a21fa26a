// ThumbnailSchemeHandler+Sketch: `thumb://…&sketch=1` — a picture's ColourSketch, a stage of the one loader like
// its thumbnail: its source is a load of the loader, its averaging work on the workers at the sketch's priority.
import Foundation
import Imaging
import SchemeLoader

extension ThumbnailSchemeHandler {
    /// The side the source is shrunk to before it is averaged into cells: a small decode, plenty for 8×8 cells.
    static let sketchSide = 64

    /// Loads `thumbnail`'s source as this load's source (joined with its thumbnail's load of the same render), then
    /// makes its `ColourSketch` on a worker and delivers its text form. Kept in memory at most: the message store
    /// keeps the sketch, and a source that may not be stored gives a sketch that is not either.
    func loadSketch(of thumbnail: ThumbnailURL, for task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let source = try await task.source(thumbnail.source)
        let text = try await task.work(on: workers) {
            ColourSketch(bitmap: try ImageProcessor().thumbnail(source.data, width: Self.sketchSide, height: Self.sketchSide, mode: .fit)).encoded
        }
        try Task.checkCancellation()
        let bytes = Data(text.utf8)
        client.didReceive(LoadResponse(mimeType: ThumbnailURL.sketchMIMEType, expectedLength: bytes.count,
                                       storagePolicy: source.response.storagePolicy == .notAllowed ? .notAllowed : .memoryOnly))
        client.didLoad(bytes)
    }
}
