// MatrixClient: the client-server API calls Snapterm makes so far — discovery, versions, password login,
// whoami, logout, sync. JSON through Codable; every failure is a MatrixError without secrets.
import Foundation

/// A client of one homeserver's client-server API.
public struct MatrixClient: Sendable {
    /// The transport every request goes through.
    public let transport: any MatrixTransport

    /// A client over `transport` (the real network by default).
    public init(transport: any MatrixTransport = HTTPMatrixTransport()) {
        self.transport = transport
    }

    // MARK: Discovery

    /// The base URL of the homeserver `address` names: its `.well-known/matrix/client` when it publishes
    /// one (a domain's or a URL's), else the address itself; then checked with `versions`.
    public func discover(_ address: HomeserverAddress) async throws(MatrixError) -> URL {
        let origin = address.origin
        let wellKnown = origin.appendingPathComponent(".well-known/matrix/client")
        var base = origin
        // Nothing answering at all is said at once: the homeserver would be asked at the same address.
        let answer = try await transport.perform(MatrixHTTPRequest(method: "GET", url: wellKnown, followsRedirects: true,
                                                                   timeout: .seconds(15)))
        if answer.status == 200 {
            let domain = HTTPMatrixTransport.origin(of: origin)
            guard let document = try? JSONDecoder().decode(WellKnownClient.self, from: answer.body) else {
                throw .invalidWellKnown(domain: domain, reason: "its /.well-known/matrix/client is not the expected JSON")
            }
            guard let text = document.homeserver?.baseURL else {
                throw .invalidWellKnown(domain: domain, reason: "it names no m.homeserver base_url")
            }
            guard case .url(let url) = try? HomeserverAddress(text) else {
                throw .invalidWellKnown(domain: domain, reason: "\(text.debugDescription) is not an http(s) URL")
            }
            base = url
        }
        _ = try await versions(at: base)
        return base
    }

    /// `GET /_matrix/client/versions`: proves `base` is a Matrix homeserver.
    public func versions(at base: URL) async throws(MatrixError) -> MatrixVersions {
        let answer = try await transport.perform(MatrixHTTPRequest(method: "GET", url: Self.endpoint(base, "versions"),
                                                                   timeout: .seconds(15)))
        guard answer.status == 200, let versions = try? JSONDecoder().decode(MatrixVersions.self, from: answer.body),
              !versions.versions.isEmpty
        else { throw .notMatrixServer(url: HTTPMatrixTransport.origin(of: base) + base.path) }
        return versions
    }

    // MARK: Sessions

    /// Logs in `user` with `password` (`m.login.password`, identifier `m.id.user`) at `base`: a new device, or the
    /// device `deviceID` again (its transaction ids stay known to the server, so an outbox send repeated from it is
    /// recognised and never doubled).
    public func login(at base: URL, user: MatrixUserID, password: String,
                      deviceName: String = "Snapterm", deviceID: String? = nil) async throws(MatrixError) -> MatrixSession {
        let request = LoginRequest(identifier: .init(user: user.text), password: password, initialDeviceDisplayName: deviceName,
                                   deviceID: deviceID)
        let body: Data
        do { body = try JSONEncoder().encode(request) } catch {
            throw .invalidUser(user.text)
        }
        do throws(MatrixError) {
            let answer = try await transport.perform(MatrixHTTPRequest(method: "POST", url: Self.endpoint(base, "v3/login"), body: body))
            if answer.status == 404 || answer.status == 405 { throw .notMatrixServer(url: HTTPMatrixTransport.origin(of: base)) }
            let response: LoginResponse = try Self.decode(answer, endpoint: "/login", session: nil, loggingIn: true)
            return MatrixSession(homeserver: base, userID: response.userID, deviceID: response.deviceID,
                                 accessToken: response.accessToken)
        } catch {
            throw error.redacting([password])
        }
    }

    /// `GET /account/whoami` with the session's token.
    public func whoAmI(_ session: MatrixSession) async throws(MatrixError) -> WhoAmI {
        try await authorized(session, "GET", "v3/account/whoami", endpoint: "/account/whoami")
    }

    /// `POST /logout`: the server forgets the token and its device. An already-ended session counts as done.
    public func logout(_ session: MatrixSession) async throws(MatrixError) {
        do throws(MatrixError) {
            let _: Empty = try await authorized(session, "POST", "v3/logout", body: Data("{}".utf8), endpoint: "/logout")
        } catch .sessionEnded {
            return
        }
    }

    /// `GET /sync`: new events since `since` (the first call: recent ones), waiting up to `timeout` for news,
    /// through `filter` when given.
    public func sync(_ session: MatrixSession, since: String? = nil, timeout: Duration = .zero,
                     filter: SyncFilter? = nil) async throws(MatrixError) -> SyncResponse {
        var query = [URLQueryItem(name: "timeout", value: String(timeout.components.seconds * 1000))]
        if let since { query.append(URLQueryItem(name: "since", value: since)) }
        if let filter { query.append(URLQueryItem(name: "filter", value: filter.json)) }
        return try await authorized(session, "GET", "v3/sync", query: query, endpoint: "/sync",
                                    timeout: timeout + .seconds(30))
    }

    // MARK: Rooms

    /// `POST /rooms/{roomId}/join`: accepts an invite (or joins a public room).
    public func join(_ session: MatrixSession, room roomID: String) async throws(MatrixError) {
        let _: Empty = try await authorized(session, "POST", url: try Self.roomEndpoint(session.homeserver, roomID, ["join"]),
                                            body: Data("{}".utf8), endpoint: "/rooms/…/join")
    }

    /// `POST /rooms/{roomId}/leave`: declines an invite, or leaves a room.
    public func leave(_ session: MatrixSession, room roomID: String) async throws(MatrixError) {
        let _: Empty = try await authorized(session, "POST", url: try Self.roomEndpoint(session.homeserver, roomID, ["leave"]),
                                            body: Data("{}".utf8), endpoint: "/rooms/…/leave")
    }

    /// `POST /rooms/{roomId}/receipt/m.read/{eventId}`: everything up to `eventID` was read (the server's unread
    /// count of the room drops accordingly).
    public func sendReadReceipt(_ session: MatrixSession, room roomID: String, event eventID: String) async throws(MatrixError) {
        let url = try Self.roomEndpoint(session.homeserver, roomID, ["receipt", "m.read", eventID])
        let _: Empty = try await authorized(session, "POST", url: url, body: Data("{}".utf8), endpoint: "/rooms/…/receipt")
    }

    /// `BASE/_matrix/client/v3/rooms/{roomId}/{segments…}`, the room id and each segment one path segment with
    /// every character but ASCII letters, digits and `-_~!` percent-encoded (a `/` or `..` stays inside it).
    static func roomEndpoint(_ base: URL, _ roomID: String, _ segments: [String]) throws(MatrixError) -> URL {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-_~!")
        let rooms = endpoint(base, "v3/rooms")
        let encoded = ([roomID] + segments).compactMap { $0.addingPercentEncoding(withAllowedCharacters: allowed) }
        guard !roomID.isEmpty, !segments.contains(""), encoded.count == segments.count + 1,
              var components = URLComponents(url: rooms, resolvingAgainstBaseURL: false)
        else { throw .invalidRoomID(roomID) }
        components.percentEncodedPath += "/" + encoded.joined(separator: "/")
        guard let url = components.url else { throw .invalidRoomID(roomID) }
        return url
    }

    // MARK: Plumbing

    private struct Empty: Decodable {}

    func authorized<T: Decodable>(_ session: MatrixSession, _ method: String, _ path: String, query: [URLQueryItem] = [],
                                          body: Data? = nil, endpoint: String,
                                          timeout: Duration = .seconds(30)) async throws(MatrixError) -> T {
        try await authorized(session, method, url: Self.endpoint(session.homeserver, path), query: query, body: body,
                             endpoint: endpoint, timeout: timeout)
    }

    func authorized<T: Decodable>(_ session: MatrixSession, _ method: String, url: URL, query: [URLQueryItem] = [],
                                          body: Data? = nil, endpoint: String,
                                          timeout: Duration = .seconds(30)) async throws(MatrixError) -> T {
        var url = url
        if !query.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) {
            components.queryItems = query
            url = components.url ?? url
        }
        do throws(MatrixError) {
            let answer = try await transport.perform(MatrixHTTPRequest(method: method, url: url, body: body,
                                                                       accessToken: session.accessToken, timeout: timeout))
            return try Self.decode(answer, endpoint: endpoint, session: session, loggingIn: false)
        } catch {
            throw error.redacting([session.accessToken])
        }
    }

    /// `BASE/_matrix/client/PATH`.
    static func endpoint(_ base: URL, _ path: String) -> URL {
        base.appendingPathComponent("_matrix/client").appendingPathComponent(path)
    }

    /// A 200 answer decoded as `T`, or the error the answer means.
    static func decode<T: Decodable>(_ answer: MatrixHTTPResponse, endpoint: String, session: MatrixSession?,
                                     loggingIn: Bool) throws(MatrixError) -> T {
        guard answer.status == 200 else {
            throw error(for: answer, session: session, loggingIn: loggingIn)
        }
        do {
            return try JSONDecoder().decode(T.self, from: answer.body)
        } catch {
            throw .invalidResponse(endpoint: endpoint, reason: Self.reason(error))
        }
    }

    /// What an error answer means.
    static func error(for answer: MatrixHTTPResponse, session: MatrixSession?, loggingIn: Bool) -> MatrixError {
        let body = try? JSONDecoder().decode(MatrixErrorBody.self, from: answer.body)
        switch (answer.status, body?.errcode) {
        case (_, "M_FORBIDDEN") where loggingIn, (_, "M_USER_DEACTIVATED") where loggingIn:
            return .wrongCredentials
        case (_, "M_UNKNOWN_TOKEN"), (_, "M_MISSING_TOKEN"), (401, nil):
            return .sessionEnded(homeserver: session?.homeserver.absoluteString ?? "HOMESERVER", user: session?.userID ?? "USER",
                                 softLogout: body?.softLogout ?? false)
        case (429, _), (_, "M_LIMIT_EXCEEDED"):
            return .rateLimited(retryAfterMilliseconds: body?.retryAfterMilliseconds)
        default:
            return .server(status: answer.status, code: body?.errcode, message: body?.error.map { String($0.prefix(300)) })
        }
    }

    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "\(key.stringValue) is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case DecodingError.dataCorrupted: "it is not JSON"
        default: "\(error)"
        }
    }
}
