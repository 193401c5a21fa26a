// MatrixTransport: the one edge between the Matrix client and the network — a request in, status and body
// out — so the client's parsing and error mapping run in tests against recorded answers.
import Foundation

/// One HTTP request of the client-server API.
public struct MatrixHTTPRequest: Sendable {
    /// `GET`, `POST`, `PUT` …
    public var method: String
    /// The whole URL; never carries a token (the token goes in `accessToken`).
    public var url: URL
    /// The body, if any (JSON unless `contentType` says otherwise).
    public var body: Data?
    /// The body's `Content-Type`: `application/json` unless an upload names its own.
    public var contentType: String
    /// Sent as `Authorization: Bearer …` when set.
    public var accessToken: String?
    /// Whether redirects are followed (only for requests that carry no token, such as `.well-known`).
    public var followsRedirects: Bool
    /// The longest the whole request may take.
    public var timeout: Duration

    /// A request of `method` to `url`; defaults: no body, no token, no redirects, 30 s.
    public init(method: String, url: URL, body: Data? = nil, contentType: String = "application/json", accessToken: String? = nil,
                followsRedirects: Bool = false, timeout: Duration = .seconds(30)) {
        self.method = method
        self.url = url
        self.body = body
        self.contentType = contentType
        self.accessToken = accessToken
        self.followsRedirects = followsRedirects
        self.timeout = timeout
    }
}

/// What the server answered.
public struct MatrixHTTPResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// The body (bounded by the transport).
    public var body: Data

    /// An answer of `status` with `body`.
    public init(status: Int, body: Data) {
        self.status = status
        self.body = body
    }
}

/// Sends requests; throws `MatrixError.unreachable` when nothing answers.
public protocol MatrixTransport: Sendable {
    /// Performs `request` and returns the answer, whatever its status.
    func perform(_ request: MatrixHTTPRequest) async throws(MatrixError) -> MatrixHTTPResponse
}
