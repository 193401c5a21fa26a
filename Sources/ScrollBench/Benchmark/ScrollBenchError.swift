// ScrollBenchError: what can stop a scroll benchmark run, with a message a user can act on.
import Foundation

/// Errors of the ScrollBench module.
public enum ScrollBenchError: Error, CustomStringConvertible, Sendable {
    /// The scratch folder for the run's disk cache could not be made.
    case scratchDirectory(path: String, reason: String)
    /// The app state has no places to scroll through.
    case noPlaces
    /// The app state has no conversation with attachments to scroll through.
    case noConversation
    /// The terminal is too small for the places list.
    case terminalTooSmall(rows: Int, columns: Int)
    /// The remote list's pictures could not be made.
    case noRemotePictures(reason: String)
    /// The remote list's web server could not start.
    case serverStart(reason: String)
    /// The folder list has no folder, or no pictures in it.
    case noFolder(reason: String)

    public var description: String {
        switch self {
        case .scratchDirectory(let path, let reason): "cannot create the benchmark's cache folder \(path): \(reason)"
        case .noPlaces: "the benchmark needs at least one place in the list"
        case .noConversation: "the benchmark needs a message store with a conversation (the app state has none)"
        case .terminalTooSmall(let rows, let columns): "a \(columns)×\(rows) terminal is too small (need at least 40×10)"
        case .noRemotePictures(let reason): "cannot make the remote list's web pictures: \(reason)"
        case .serverStart(let reason): "cannot start the remote list's loopback web server: \(reason)"
        case .noFolder(let reason): "cannot scroll the folder gallery: \(reason)"
        }
    }
}
