// LoadError: every way a load can fail, each naming its cause. Cancellation is `CancellationError`.
import Foundation

/// Why a URL could not be loaded.
public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a URL at all.
    case malformedURL(String)
    /// No registered handler takes this scheme.
    case unsupportedScheme(String)
    /// A required query parameter is missing.
    case missingParameter(name: String, url: String)
    /// A parameter has a value the scheme does not accept.
    case invalidParameter(name: String, value: String, reason: String)
    /// `cacheOnly` was asked and nothing is cached.
    case notCached(url: String)
    /// A server answered with an error status.
    case httpStatus(code: Int, url: String)
    /// The body is larger than the configured limit.
    case bodyTooLarge(limit: Int, url: String)
    /// Nothing arrived within the time limit.
    case timedOut(phase: String, url: String)
    /// A redirect pointed at a scheme other than http(s).
    case redirectNotAllowed(to: String)
    /// An `https` URL redirected to plain `http`: refused, never followed.
    case insecureRedirect(from: String, to: String)
    /// More redirects than the configured limit.
    case tooManyRedirects(limit: Int, url: String)
    /// The network failed (connection refused, reset, DNS …).
    case network(reason: String, url: String)
    /// The network is off (offline mode) and the URL has no cached copy.
    case offline(url: String)
    /// A `file` URL outside the allowed roots.
    case fileOutsideAllowedRoots(path: String)
    /// A `file` URL naming nothing readable.
    case fileNotFound(path: String)
    /// A `file` URL (or a photo) naming a FIFO, socket, device or directory: never read.
    case notARegularFile(path: String, kind: String)
    /// A file that exists but cannot be read (permissions, I/O error).
    case fileUnreadable(path: String, reason: String)
    /// A handler broke its contract or failed in its own way.
    case handlerFailed(scheme: String, reason: String)

    public var description: String {
        switch self {
        case .malformedURL(let text): "not a valid URL: \(text)"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)' (no handler is registered for it)"
        case .missingParameter(let name, let url): "missing parameter '\(name)' in \(url)"
        case .invalidParameter(let name, let value, let reason): "invalid \(name)=\(value): \(reason)"
        case .notCached(let url): "not in the cache (cache-only request): \(url)"
        case .httpStatus(let code, let url): "HTTP \(code) from \(url)"
        case .bodyTooLarge(let limit, let url): "response body larger than the \(limit)-byte limit: \(url)"
        case .timedOut(let phase, let url): "timed out (\(phase)): \(url)"
        case .redirectNotAllowed(let target): "refused redirect to a non-HTTP URL: \(target)"
        case .insecureRedirect(let from, let to): "refused redirect from https to plain http: \(from) → \(to)"
        case .tooManyRedirects(let limit, let url): "more than \(limit) redirects: \(url)"
        case .network(let reason, let url): "network error (\(reason)): \(url)"
        case .offline(let url): "offline, and not in the cache: \(url)"
        case .fileOutsideAllowedRoots(let path): "file is outside the allowed folders: \(path)"
        case .fileNotFound(let path): "no such readable file: \(path)"
        case .notARegularFile(let path, let kind): "not a regular file (\(kind)), not read: \(path)"
        case .fileUnreadable(let path, let reason): "file cannot be read (\(reason)): \(path)"
        case .handlerFailed(let scheme, let reason): "\(scheme) handler failed: \(reason)"
        }
    }
}
