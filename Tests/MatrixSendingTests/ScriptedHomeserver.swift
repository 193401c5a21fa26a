// ScriptedHomeserver: a MatrixTransport standing in for a homeserver's sending endpoints — media config, create,
// upload, send (the same transaction id answers the same event id) — that records every request and plays
// scripted faults first.
import Foundation
import Matrix
import Synchronization
import TestSupport

/// The endpoint a request went to: `upload` is the PUT to a reserved id, `plainUpload` the POST of a server
/// without reservations.
enum SendingRoute: Hashable {
    case mediaConfig, create, upload, plainUpload, send
}

/// One request as the scripted server saw it.
struct SeenRequest: Sendable {
    let route: SendingRoute
    let url: URL
    let body: Data?
    let contentType: String
    let at: ContinuousClock.Instant
    /// The last path segment: the transaction id of a send, the media id of an upload.
    var lastSegment: String { url.deletingQuery.lastPathComponent }
}

/// A fake homeserver over the transport protocol.
final class ScriptedHomeserver: MatrixTransport {
    private struct State {
        var requests: [SeenRequest] = []
        var faults: [SendingRoute: [Result<MatrixHTTPResponse, MatrixError>]] = [:]
        var events: [String: String] = [:]
        var media = 0
    }

    let uploadSize: Int?
    /// What `create` answers as `unused_expires_at`, if anything.
    let reservationExpiry: Date?
    private let state = Mutex(State())

    /// Holds every upload of bytes (to a reserved URI) until it opens, if given.
    let uploadGate: Gate?

    init(uploadSize: Int? = 50_000_000, reservationExpiry: Date? = nil, uploadGate: Gate? = nil) {
        self.uploadSize = uploadSize
        self.reservationExpiry = reservationExpiry
        self.uploadGate = uploadGate
    }

    /// Plays `answers` (an error answer, or a transport error) for the next requests to `route`, then answers normally.
    func fail(_ route: SendingRoute, with answers: [Result<MatrixHTTPResponse, MatrixError>]) {
        state.withLock { $0.faults[route, default: []] += answers }
    }

    var requests: [SeenRequest] { state.withLock { $0.requests } }
    func requests(to route: SendingRoute) -> [SeenRequest] { requests.filter { $0.route == route } }
    /// The events the room holds, in order: one per distinct transaction id.
    var eventCount: Int { state.withLock { $0.events.count } }

    static func answer(_ status: Int, _ json: String) -> Result<MatrixHTTPResponse, MatrixError> {
        .success(MatrixHTTPResponse(status: status, body: Data(json.utf8)))
    }

    func perform(_ request: MatrixHTTPRequest) async throws(MatrixError) -> MatrixHTTPResponse {
        let path = request.url.path
        let route: SendingRoute = path.hasSuffix("/media/config") ? .mediaConfig : path.hasSuffix("/media/v1/create") ? .create
            : path.contains("/media/v3/upload/") ? .upload : path.hasSuffix("/media/v3/upload") ? .plainUpload : .send
        if route == .upload, let uploadGate { try? await uploadGate.wait() }
        let seen = SeenRequest(route: route, url: request.url, body: request.body, contentType: request.contentType, at: .now)
        let result = state.withLock { state -> Result<MatrixHTTPResponse, MatrixError> in
            state.requests.append(seen)
            if var queue = state.faults[route], !queue.isEmpty {
                let fault = queue.removeFirst()
                state.faults[route] = queue
                return fault
            }
            switch route {
            case .mediaConfig:
                return Self.answer(200, uploadSize.map { #"{"m.upload.size":\#($0)}"# } ?? "{}")
            case .create:
                state.media += 1
                let expiry = reservationExpiry.map { #","unused_expires_at":\#(Int64($0.timeIntervalSince1970 * 1000))"# } ?? ""
                return Self.answer(200, #"{"content_uri":"mxc://localhost/media\#(state.media)"\#(expiry)}"#)
            case .plainUpload:
                state.media += 1
                return Self.answer(200, #"{"content_uri":"mxc://localhost/media\#(state.media)"}"#)
            case .upload:
                return Self.answer(200, #"{"content_uri":"mxc://localhost/\#(seen.lastSegment)"}"#)
            case .send:
                let transaction = seen.lastSegment
                let event = state.events[transaction] ?? "$event-\(state.events.count + 1)"
                state.events[transaction] = event
                return Self.answer(200, #"{"event_id":"\#(event)"}"#)
            }
        }
        return try result.get()
    }
}

extension URL {
    /// The URL without its query.
    var deletingQuery: URL {
        guard var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else { return self }
        components.query = nil
        return components.url ?? self
    }
}
