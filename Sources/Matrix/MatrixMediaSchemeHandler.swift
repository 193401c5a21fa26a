// MatrixMediaSchemeHandler: `mxc://` through the shared loader — authenticated media (`/_matrix/client/v1/media/
// download|thumbnail`) with the session's token in the `Authorization` header only (never in a URL, a cache key,
// a log line or an error), streamed with a body limit and a whole-request deadline, cached by its headers.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SchemeLoader

/// Loads ``MatrixMediaURL``s (`mxc://server/id`, whole or a pre-made thumbnail) from the homeserver of one
/// logged-in session. Servers without the authenticated media endpoints (a 404 `M_UNRECOGNIZED`) are asked
/// on the legacy `/_matrix/media/v3/` path, without the token. Redirects are never followed.
public final class MatrixMediaSchemeHandler: SchemeHandling {
    /// Limits and timeouts.
    public struct Configuration: Sendable {
        /// Time allowed to connect. Default 5 s.
        public var connectTimeout: Duration = .seconds(5)
        /// Longest silence while waiting for bytes. Default 10 s.
        public var readTimeout: Duration = .seconds(10)
        /// Time allowed for the whole request, body included. Default 60 s.
        public var totalTimeout: Duration = .seconds(60)
        /// Largest body accepted. Default 32 MiB.
        public var maxBodyBytes = 32 << 20
        /// Freshness of media whose answer does not say (media never changes): default 1 day.
        public var heuristicFreshness: TimeInterval = 86_400
        /// Offline: no request is sent; every load fails with `LoadError.offline` (cached copies are still shown).
        public var isOffline = false
        /// The clock for expiry dates.
        public var now: @Sendable () -> Date = { Date() }

        /// The defaults.
        public init() {}
    }

    /// The most bytes of an error answer that are read.
    static let maxErrorBodyBytes = 64 << 10

    private let session: MatrixSession?
    private let unavailable: (any Error & Sendable)?
    let configuration: Configuration
    private let clientConfiguration: HTTPClient.Configuration
    /// The connection pool, made on the first request.
    private let pool = Locked<HTTPClient?>(nil)
    /// Set once the server answered that it has no authenticated media endpoints.
    private let legacyOnly = Locked(false)

    /// A handler loading media as `session` (its homeserver, its token).
    public init(session: MatrixSession, configuration: Configuration = Configuration()) {
        self.session = session
        unavailable = nil
        self.configuration = configuration
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .nanoseconds(configuration.connectTimeout.nanoseconds),
                           read: .nanoseconds(configuration.readTimeout.nanoseconds)))
        clientConfiguration.decompression = .disabled
        if let tls = try? TrustedAuthorities.fromEnvironment.get() { clientConfiguration.tlsConfiguration = tls }
        self.clientConfiguration = clientConfiguration
    }

    /// A handler that takes `mxc://` URLs only to refuse them with `reason` (no account is stored: the sentence
    /// says to log in), so that such a URL fails with that sentence rather than as an unknown scheme.
    public init(unavailable reason: any Error & Sendable) {
        session = nil
        unavailable = reason
        configuration = Configuration()
        clientConfiguration = HTTPClient.Configuration()
    }

    /// A handler dropped without `shutdown()` still closes its connections.
    deinit {
        if let client = pool.withLock({ $0 }) { client.shutdown { _ in } }
    }

    /// True for `mxc://` URLs.
    public func canHandle(_ url: URL) -> Bool { url.scheme?.lowercased() == MatrixMediaURL.scheme }

    /// The canonical ``MatrixMediaURL`` (server lower-cased, thumbnail size snapped); without an account, the
    /// reason none can be loaded.
    public func canonicalURL(for url: URL) throws -> URL {
        let media = try MatrixMediaURL(url: url)
        if let unavailable { throw unavailable }
        return media.url
    }

    /// Downloads the media (or its thumbnail), streaming it to `loadClient`.
    public func load(_ task: SchemeLoadTask, client loadClient: SchemeLoadClient) async throws {
        if let unavailable { throw unavailable }
        guard let session else { throw LoadError.handlerFailed(scheme: MatrixMediaURL.scheme, reason: "no session") }
        let media = try MatrixMediaURL(url: task.url)
        let name = media.url.absoluteString
        if configuration.isOffline { throw LoadError.offline(url: name) }
        let end = ContinuousClock.now + configuration.totalTimeout
        let requestTime = configuration.now()
        let validators = Self.validatorHeaders(of: task.cachedResponse)
        var legacy = legacyOnly.withLock { $0 }
        var response = try await send(MatrixMediaEndpoint.url(for: media, base: session.homeserver, legacy: legacy),
                                      token: legacy ? nil : session.accessToken, headers: validators, until: end, name: name)
        var status = Int(response.status.code)
        if !(200...299).contains(status), status != 304 {
            var body = try await errorBody(of: response, until: end, name: name)
            if !legacy, status == 404, MatrixMediaEndpoint.isUnrecognized(body) {
                legacy = true
                legacyOnly.withLock { $0 = true }
                response = try await send(MatrixMediaEndpoint.url(for: media, base: session.homeserver, legacy: true),
                                          token: nil, headers: validators, until: end, name: name)
                status = Int(response.status.code)
                if !(200...299).contains(status), status != 304 { body = try await errorBody(of: response, until: end, name: name) }
            }
            if !(200...299).contains(status), status != 304 {
                throw Self.error(status: status, body: body, media: name, session: session)
            }
        }
        let headers = response.headers.map { (name: $0.name, value: $0.value) }
        var metadata = HTTPCacheRules.response(headers: headers, status: status, requestTime: requestTime,
                                               responseTime: configuration.now())
        // Media never changes once uploaded: an answer that says nothing of its freshness stays fresh a while.
        if !headers.contains(where: { ["cache-control", "expires"].contains($0.name.lowercased()) }) {
            metadata.expiresAt = configuration.now().addingTimeInterval(configuration.heuristicFreshness)
        }
        if status == 304 {
            // Not modified is an answer only to a request that sent validators, which come from a cached copy.
            guard let cached = task.cachedResponse else { throw LoadError.httpStatus(code: status, url: name) }
            var kept = metadata
            kept.mimeType = cached.response.mimeType
            kept.expectedLength = nil
            if kept.validators.isEmpty { kept.validators = cached.response.validators }
            loadClient.cachedResponseIsValid(kept)
            return
        }
        if let length = metadata.expectedLength, length > configuration.maxBodyBytes {
            throw LoadError.bodyTooLarge(limit: configuration.maxBodyBytes, url: name)
        }
        loadClient.didReceive(metadata)
        try await stream(response.body, to: loadClient, name: name, expectedLength: metadata.expectedLength, until: end)
    }

    /// The typed error an error answer (`status`, `body`) to a request for `media` (its mxc URL) means, the token
    /// of `session` redacted: `MatrixError.mediaNotFound`, `.mediaNotYetUploaded`, `.sessionEnded`, `.rateLimited`,
    /// `.server`, or `LoadError.httpStatus` for a server failure (a cached copy may then be shown).
    public static func error(status: Int, body: Data, media: String, session: MatrixSession) -> any Error {
        MatrixMediaEndpoint.error(status: status, body: body, media: media, session: session)
    }

    /// Closes the connection pool.
    public func shutdown() async {
        let running = pool.withLock { (client: inout HTTPClient?) -> HTTPClient? in
            let running = client
            client = nil
            return running
        }
        try? await running?.shutdown()
    }

    private func client() -> HTTPClient {
        pool.withLock { (client: inout HTTPClient?) -> HTTPClient in
            if let client { return client }
            let made = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
            client = made
            return made
        }
    }

    /// `If-None-Match` / `If-Modified-Since` from a stale copy's validators.
    static func validatorHeaders(of cached: CachedResponse?) -> [(String, String)] {
        guard let validators = cached?.response.validators else { return [] }
        return [validators.entityTag.map { ("If-None-Match", $0) }, validators.lastModified.map { ("If-Modified-Since", $0) }]
            .compactMap { $0 }
    }

    /// GETs `url`, the token (when given) in the `Authorization` header alone; errors name `name` (the mxc URL).
    private func send(_ url: URL, token: String?, headers: [(String, String)], until end: ContinuousClock.Instant,
                      name: String) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: "Snapterm")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        request.headers.add(contentsOf: headers)
        let deadline = NIODeadline.now() + .nanoseconds((end - ContinuousClock.now).nanoseconds)
        do {
            return try await client().execute(request, deadline: deadline)
        } catch {
            throw translate(error, name: name)
        }
    }

    /// An error answer's body, at most `maxErrorBodyBytes`.
    private func errorBody(of response: HTTPClientResponse, until end: ContinuousClock.Instant, name: String) async throws -> Data {
        do {
            let buffer = try await response.body.collect(upTo: Self.maxErrorBodyBytes)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            return Data()
        } catch {
            throw translate(error, name: name)
        }
    }

    /// Streams the body, racing the whole-request deadline (AsyncHTTPClient's stops counting at the headers);
    /// more than the body limit stops the transfer with `bodyTooLarge`.
    private func stream(_ body: HTTPClientResponse.Body, to client: SchemeLoadClient, name: String, expectedLength: Int?,
                        until end: ContinuousClock.Instant) async throws {
        let limit = configuration.maxBodyBytes
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                var total = 0
                do {
                    for try await buffer in body {
                        total += buffer.readableBytes
                        guard total <= limit else { throw LoadError.bodyTooLarge(limit: limit, url: name) }
                        client.didLoad(Data(buffer.readableBytesView))
                    }
                } catch {
                    throw self.translate(error, name: name)
                }
                if let expectedLength, total != expectedLength {
                    throw LoadError.network(reason: "body ended after \(total) of the \(expectedLength) bytes its Content-Length declared",
                                            url: name)
                }
            }
            group.addTask {
                try await Task.sleep(until: end, clock: .continuous)
                throw LoadError.timedOut(phase: "whole request", url: name)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// A transport failure as a `LoadError` naming the mxc URL (never the request's).
    private func translate(_ error: any Error, name: String) -> any Error {
        if error is LoadError || error is MatrixError || error is CancellationError { return error }
        if Task.isCancelled { return CancellationError() }
        if let refusal = TrustedAuthorities.refusal(error, host: session.map { HTTPMatrixTransport.origin(of: $0.homeserver) } ?? name) {
            return refusal
        }
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .readTimeout: return LoadError.timedOut(phase: "waiting for data", url: name)
            case .connectTimeout: return LoadError.timedOut(phase: "connecting", url: name)
            case .deadlineExceeded: return LoadError.timedOut(phase: "whole request", url: name)
            case .cancelled: return CancellationError()
            default: break
            }
        }
        let reason = String(describing: error)
        let redacted = session.map { reason.replacingOccurrences(of: $0.accessToken, with: "…") } ?? reason
        return LoadError.network(reason: redacted, url: name)
    }
}
