// MatrixError: every way talking to a Matrix homeserver or keeping its accounts can fail, each told in one
// plain sentence that names the cause. No case ever carries a password or an access token.
import Foundation

/// Why a Matrix request or the accounts file failed.
public enum MatrixError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The homeserver was given as something that is neither a domain nor an http(s) URL.
    case invalidHomeserver(String)
    /// The user was given as something that is neither `alice` nor `@alice:example.org`.
    case invalidUser(String)
    /// Nothing answered at `url` (refused, timed out, name not found, certificate not trusted …).
    case unreachable(url: String, reason: String)
    /// Something answered at `url`, but not as a Matrix homeserver.
    case notMatrixServer(url: String)
    /// The domain's `/.well-known/matrix/client` exists but cannot be used.
    case invalidWellKnown(domain: String, reason: String)
    /// The homeserver refused the user name or password (`M_FORBIDDEN` at login).
    case wrongCredentials
    /// The access token is no longer valid (`M_UNKNOWN_TOKEN`, soft logout or not): log in again.
    case sessionEnded(homeserver: String, user: String, softLogout: Bool)
    /// The homeserver asks to slow down (429), perhaps saying after how many milliseconds.
    case rateLimited(retryAfterMilliseconds: Int?)
    /// Any other error answer: HTTP status, Matrix `errcode` and the server's own words.
    case server(status: Int, code: String?, message: String?)
    /// The answer to `endpoint` was not the JSON the specification describes.
    case invalidResponse(endpoint: String, reason: String)
    /// No account is stored for what was asked.
    case noAccount(String)
    /// The accounts file at `path` cannot be read or written.
    case accountsFile(path: String, reason: String)
    /// The homeserver has no media at `url` (an `mxc://` URL; `M_NOT_FOUND`).
    case mediaNotFound(url: String)
    /// A room id that cannot name a room (empty).
    case invalidRoomID(String)
    /// The media at `url` was announced but its bytes are not uploaded yet (504 `M_NOT_YET_UPLOADED`).
    case mediaNotYetUploaded(url: String)
    /// A file of `bytes` bytes is more than the homeserver takes (`limit`, its `m.upload.size`, when known; a 413).
    case tooLarge(bytes: Int, limit: Int?)

    /// One plain sentence naming the cause.
    public var description: String {
        switch self {
        case .invalidHomeserver(let text):
            "\(text.debugDescription) is not a homeserver: give a domain such as example.org or a URL such as https://matrix.example.org"
        case .invalidUser(let text):
            "\(text.debugDescription) is not a Matrix user: give a name such as alice or @alice:example.org"
        case .unreachable(let url, let reason):
            "the homeserver at \(url) cannot be reached (\(reason))"
        case .notMatrixServer(let url):
            "\(url) does not answer as a Matrix homeserver"
        case .invalidWellKnown(let domain, let reason):
            "the Matrix address that \(domain) publishes cannot be used (\(reason))"
        case .wrongCredentials:
            "the homeserver refused the user name or password"
        case .sessionEnded(let homeserver, let user, _):
            "your session has ended: log in again with snapterm login \(homeserver) \(user)"
        case .rateLimited(let milliseconds):
            if let milliseconds {
                "the homeserver asks to wait \((milliseconds + 999) / 1000) s before trying again"
            } else {
                "the homeserver asks to wait before trying again"
            }
        case .server(let status, let code, let message):
            "the homeserver answered \(status)" + (code.map { " \($0)" } ?? "") + (message.map { ": \($0)" } ?? "")
        case .invalidResponse(let endpoint, let reason):
            "the homeserver's answer to \(endpoint) could not be read (\(reason))"
        case .noAccount(let what):
            "no Matrix account \(what): log in first with snapterm login HOMESERVER USER"
        case .accountsFile(let path, let reason):
            "the accounts file \(path) cannot be used (\(reason))"
        case .mediaNotFound(let url):
            "the homeserver has no picture or file at \(url)"
        case .invalidRoomID(let text):
            "\(text.debugDescription) is not a Matrix room id"
        case .mediaNotYetUploaded(let url):
            "\(url) is not uploaded yet: its sender's upload has not finished, try again later"
        case .tooLarge(let bytes, let limit):
            "the file is \(Self.size(bytes)), more than the homeserver takes"
                + (limit.map { " (at most \(Self.size($0)))" } ?? " (it answered 413)")
        }
    }

    /// Whether the same request may succeed later unchanged: nothing answered (or the connection dropped), a 429,
    /// a 5xx. Not a refusal that would be repeated (too large, forbidden, a bad request) nor an ended session.
    public var isRetryable: Bool {
        switch self {
        case .unreachable, .rateLimited, .mediaNotYetUploaded: true
        case .server(let status, _, _): status >= 500 || status == 408
        default: false
        }
    }

    /// Whether the answer to `POST /_matrix/media/v1/create` says the server has no asynchronous uploads: the
    /// endpoint is unknown to it (404 or 405, `M_UNRECOGNIZED` or no code).
    public var lacksMediaCreate: Bool {
        guard case .server(let status, let code, _) = self else { return false }
        return (status == 404 || status == 405 || code == "M_UNRECOGNIZED") && (code == nil || code == "M_UNRECOGNIZED")
    }

    /// `2.4 MB`, `512 kB`, `90 bytes`: a size for a sentence (decimal units).
    static func size(_ bytes: Int) -> String {
        if bytes >= 1_000_000 { return String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        if bytes >= 1_000 { return "\(bytes / 1_000) kB" }
        return "\(bytes) bytes"
    }

    /// The same error with every occurrence of `secrets` in its texts replaced by `…` — a server that
    /// echoes what it was sent never makes a password or token part of an error.
    public func redacting(_ secrets: [String]) -> MatrixError {
        let secrets = secrets.filter { !$0.isEmpty }
        guard !secrets.isEmpty else { return self }
        func clean(_ text: String) -> String {
            secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "…") }
        }
        switch self {
        case .invalidHomeserver(let text): return .invalidHomeserver(clean(text))
        case .invalidUser(let text): return .invalidUser(clean(text))
        case .unreachable(let url, let reason): return .unreachable(url: clean(url), reason: clean(reason))
        case .notMatrixServer(let url): return .notMatrixServer(url: clean(url))
        case .invalidWellKnown(let domain, let reason): return .invalidWellKnown(domain: clean(domain), reason: clean(reason))
        case .server(let status, let code, let message): return .server(status: status, code: code.map(clean), message: message.map(clean))
        case .invalidResponse(let endpoint, let reason): return .invalidResponse(endpoint: clean(endpoint), reason: clean(reason))
        case .noAccount(let what): return .noAccount(clean(what))
        case .accountsFile(let path, let reason): return .accountsFile(path: clean(path), reason: clean(reason))
        case .mediaNotFound(let url): return .mediaNotFound(url: clean(url))
        case .mediaNotYetUploaded(let url): return .mediaNotYetUploaded(url: clean(url))
        case .invalidRoomID(let text): return .invalidRoomID(clean(text))
        case .wrongCredentials, .sessionEnded, .rateLimited, .tooLarge: return self
        }
    }
}
