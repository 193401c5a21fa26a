// LoadError: every way a load can fail, each naming its cause. Cancellation is `CancellationError`.
import Foundation

/// Why a URL could not be loaded.
public enum LoadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The text is not a URL at all.
    case malformedURL(String)
    /// An HTTPS server's certificate was refused (`reason` says why); verification is never turned off.
    case untrustedCertificate(host: String, reason: String)
    /// `SSL_CERT_FILE` or `SSL_CERT_DIR` names a file or folder that holds no readable certificate.
    case unreadableTrustStore(variable: String, path: String, reason: String)
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
    /// A URL whose path holds percent-escapes that are not UTF-8 text (`/a%FF.png`): the HTTP client
    /// cannot send such a path as written, so the URL is refused rather than another resource asked for.
    case unsendablePath(url: String)
    /// A server answered a request without `Range` with `206 Partial Content`: only part of the
    /// resource, never taken for the whole of it (nothing is cached).
    case unrequestedPartialContent(url: String)
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
    /// The archive on the server is no longer the version its byte ranges were pinned to (another
    /// `ETag` or `Last-Modified`): no byte of the new version is mixed with the old ones. Read it again
    /// through a new source.
    case archiveChanged(url: String)
    /// The server names no version of the archive (no strong `ETag`, no `Last-Modified`): its parts cannot be
    /// read apart, since a part asked later could come from another version of it than the parts read first.
    case archiveWithoutVersion(url: String)
    /// A byte range starts at or past the end of the archive (HTTP 416); `size` is the archive's, when the server said.
    case rangeNotSatisfiable(url: String, offset: UInt64, length: Int, size: UInt64?)
    /// The server answered a range request with the whole archive (200, not 206): it does not serve
    /// byte ranges. The transfer is stopped at once.
    case rangesNotSupported(url: String)
    /// The server answered a range request with other bytes than were asked (its `Content-Range`).
    case rangeMismatch(url: String, asked: String, received: String)

    public var description: String {
        switch self {
        case .malformedURL(let text): "not a valid URL: \(text)"
        case .unsupportedScheme(let scheme): "unsupported URL scheme '\(scheme)' (no handler is registered for it)"
        case .missingParameter(let name, let url): "missing parameter '\(name)' in \(url)"
        case .invalidParameter(let name, let value, let reason): "invalid \(name)=\(value): \(reason)"
        case .notCached(let url): "not in the cache (cache-only request): \(url)"
        case .httpStatus(let code, let url): "HTTP \(code) from \(url)"
        case .unsendablePath(let url):
            "the URL's path has percent-escapes that are not UTF-8 text, which cannot be requested as written: \(url)"
        case .unrequestedPartialContent(let url):
            "the server sent only part of the resource (206 Partial Content) to a request for all of it: \(url)"
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
        case .archiveChanged(let url): "the archive changed on its server while it was being read (another version): \(url)"
        case .archiveWithoutVersion(let url):
            "the archive cannot be read in parts: its server names no version of it (no strong ETag or Last-Modified), "
                + "so parts of two versions could be mixed: \(url)"
        case .rangeNotSatisfiable(let url, let offset, let length, let size):
            "bytes \(offset)–\(offset &+ UInt64(max(1, length)) &- 1) are past the end of the archive"
                + (size.map { " (\($0) bytes)" } ?? "") + ": \(url)"
        case .rangesNotSupported(let url): "the server does not support range requests (it sent the whole archive): \(url)"
        case .untrustedCertificate(let host, let reason):
            "\(host) was not trusted: \(reason) (a private authority is trusted by naming its PEM file in SSL_CERT_FILE)"
        case .unreadableTrustStore(let variable, let path, let reason):
            "\(variable) names \(path), which cannot be used: \(reason)"
        case .rangeMismatch(let url, let asked, let received):
            "the server sent other bytes than asked (asked \(asked), got \(received)): \(url)"
        }
    }
}
