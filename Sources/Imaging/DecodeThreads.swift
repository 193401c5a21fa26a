// DecodeThreads: how many threads one large picture's decode may share its rows between (TIFF, BMP).
import Foundation

/// The threads a decode that splits a large picture into bands of rows may use, its caller's included: the
/// processors, at most four (each band costs a thread, and a TIFF one a second opening of the file). A cold
/// `render` of a 1280×800 TIFF spent most of its decode inflating strips one after another (issue 35).
enum DecodeThreads {
    static let count = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
}
