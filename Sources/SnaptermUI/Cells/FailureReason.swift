// FailureReason: why a picture failed, in the few words its cell has room for.
import Foundation
import Imaging
import SchemeLoader

/// The short reason a cell shows for a failed load ("server unreachable", "not found"), and whether trying
/// again later may succeed. Errors of the network and of decoding get a few words; others (a handler's own
/// sentence) are said whole.
enum FailureReason {
    /// A few words saying why `error` happened.
    static func short(for error: any Error) -> String {
        switch error {
        case let error as LoadError: short(for: error)
        case let error as ImagingError: short(for: error)
        default: "\(error)"
        }
    }

    /// Whether loading again may succeed without anything changing here: the network or the server failed.
    static func isWorthRetrying(_ error: any Error) -> Bool {
        guard let error = error as? LoadError else { return false }
        switch error {
        case .network, .timedOut: return true
        case .httpStatus(let code, _): return code == 408 || code == 429 || code >= 500
        default: return false
        }
    }

    private static func short(for error: LoadError) -> String {
        switch error {
        case .network: "server unreachable"
        case .timedOut: "timed out"
        case .offline: "offline, not cached"
        case .httpStatus(let code, _):
            switch code {
            case 404, 410: "not found"
            case 401, 403: "not allowed"
            case 429: "server busy"
            case 500...: "server error \(code)"
            default: "HTTP \(code)"
            }
        case .bodyTooLarge: "too large"
        case .fileNotFound: "no such file"
        case .fileOutsideAllowedRoots: "not allowed"
        case .notARegularFile: "not a file"
        case .fileUnreadable: "cannot read"
        case .malformedURL, .missingParameter, .invalidParameter: "bad URL"
        case .unsupportedScheme: "unknown kind of URL"
        case .handlerFailed(_, let reason): reason
        default: "\(error)"
        }
    }

    private static func short(for error: ImagingError) -> String {
        switch error {
        case .unsupportedFormat, .unsupportedVariant, .loaderUnavailable, .emptyInput: "not a picture"
        case .tooManyPixels, .tooManyScans, .tooManyFrames, .animationTooLarge: "too large"
        case .corrupt: "damaged picture"
        default: "cannot draw"
        }
    }
}
