// HTTPSchemeHandler: `http`/`https` on AsyncHTTPClient — streamed, limited, revalidating.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// Loads `http` and `https` URLs: streams the body with progress, enforces timeouts and a body
/// limit, follows at most a few redirects and only to http(s), and revalidates stale cached copies
/// with `If-None-Match` / `If-Modified-Since`. It also loads ``ByteRangeURL``s (`byterange://`): one
/// range of an archive by an HTTP range request (`HTTPSchemeHandler+Ranges.swift`).
public final class HTTPSchemeHandler: SchemeHandling {
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
        /// Requests in flight to one host (scheme, host, port) at a time over HTTP/1.1, and to a host whose
        /// protocol is not known yet; more wait in priority order. Also AsyncHTTPClient's HTTP/1.1 connections
        /// per host. Default 8.
        public var connectionsPerHost = 8
        /// Requests in flight at a time to a host found to speak HTTP/2 (its first stream opened; one
        /// connection carries them all as streams), started most urgent first. Default 100: the least RFC 9113
        /// advises a server to allow, and what AsyncHTTPClient assumes when a server does not say — it does not
        /// tell its users the server's `SETTINGS_MAX_CONCURRENT_STREAMS`, and queues the streams beyond it.
        public var streamsPerHTTP2Host = 100
        /// Most redirects followed. Default 5.
        public var maxRedirects = 5
        /// Freshness of a response whose headers do not say, as a share of the time since its
        /// `Last-Modified` (RFC 9111 §4.2.2; only for heuristically cacheable statuses). Default 10 %, as
        /// browsers do. Without `Last-Modified` such a response is stale at once (revalidated before reuse).
        public var heuristicFraction = 0.1
        /// The longest heuristic freshness. Default one week.
        public var maxHeuristicFreshness: TimeInterval = 7 * 86_400
        /// Sent as `User-Agent`.
        public var userAgent = "snapterm/0.1"
        /// TLS settings for `https` (e.g. extra trust roots); `nil`: the system's authorities plus those named
        /// by `SSL_CERT_FILE` / `SSL_CERT_DIR` (``TrustedAuthorities``).
        public var tlsConfiguration: TLSConfiguration?
        /// How long a host whose connection failed is not tried again (its requests fail at once, so the
        /// loader serves cached copies without each one waiting for the connect timeout). Default 10 s.
        public var unreachableRetry: Duration = .seconds(10)
        /// How long a download under way runs on after every caller left (a row scrolled away), so the
        /// picture lands in the caches and a caller wanting it again joins it instead of asking the server
        /// twice. It stops at once when another request to its host is waiting for a turn. Default 2 s.
        public var abandonedDownloadGrace: Duration = .seconds(2)
        /// How long a load with a stale cached copy waits for its server before the copy is served instead
        /// (and revalidated behind it; never a copy that must not be served stale, `no-cache` or
        /// `must-revalidate`). `nil`: wait, up to the connect timeout (the default). Snapterm's screens and
        /// commands use 300 ms: a host on a dead network or behind a captive portal costs no more.
        public var staleCopyBudget: Duration?
        /// Offline: no request is sent; every load fails with `LoadError.offline` at once, so only cached
        /// copies are shown (stale ones too: the loader serves a stale copy when its source is unreachable).
        public var isOffline = false
        /// The clock for expiry dates.
        public var now: @Sendable () -> Date = { Date() }

        /// The defaults.
        public init() {}
    }

    let configuration: Configuration
    private let clientConfiguration: HTTPClient.Configuration
    private let hosts: HostConnectionBudget
    /// The connection pool, made on the first request: a command that never asks for an http URL
    /// starts no client and no event loop threads.
    private let pool = Locked<ClientState>(.notStarted)
    /// Requests sent and not yet answered (connecting, or waiting for the response head).
    private let requestsConnecting = Locked(0)

    private enum ClientState {
        case notStarted
        case running(HTTPClient)
        case shutDown
    }

    /// Creates a handler; its connection pool starts with the first request. Call `shutdown()` when done.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        var clientConfiguration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .nanoseconds(Int64(configuration.connectTimeout.nanoseconds)),
                           read: .nanoseconds(Int64(configuration.readTimeout.nanoseconds))))
        clientConfiguration.decompression = .disabled
        clientConfiguration.connectionPool = .init(
            idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: configuration.connectionsPerHost)
        // A refused connection fails at once instead of being retried until the connect timeout: a picture
        // server that is down then costs no wait, and the loader shows the cached copies (stale-if-error).
        clientConfiguration.connectionPool.retryConnectionEstablishment = false
        let hosts = HostConnectionBudget(limitPerHost: configuration.connectionsPerHost,
                                         streamsPerHTTP2Host: configuration.streamsPerHTTP2Host,
                                         retryAfter: configuration.unreachableRetry, abandonedGrace: configuration.abandonedDownloadGrace)
        self.hosts = hosts
        // Each HTTP/2 stream tells which host it goes to as it opens: that host's waiting requests start then.
        clientConfiguration.http2StreamChannelDebugInitializer = { stream in
            stream.eventLoop.makeCompletedFuture {
                try stream.pipeline.syncOperations.addHandler(HTTP2StreamOpening { hosts.spokeHTTP2($0) }, position: .first)
            }
        }
        if let tls = configuration.tlsConfiguration ?? (try? TrustedAuthorities.fromEnvironment.get()) ?? nil {
            clientConfiguration.tlsConfiguration = tls
        }
        self.clientConfiguration = clientConfiguration
    }

    /// A handler dropped without `shutdown()` (a loader nobody shut down) still closes its connections:
    /// the shutdown is started here and keeps the client until it is done.
    deinit {
        if case .running(let client) = pool.withLock({ $0 }) { client.shutdown { _ in } }
    }

    /// Whether the connection pool has been started (by a request).
    public var hasStartedClient: Bool {
        pool.withLock { if case .notStarted = $0 { false } else { true } }
    }

    private func client() throws -> HTTPClient {
        try pool.withLock { state in
            switch state {
            case .running(let client): return client
            case .shutDown: throw LoadError.handlerFailed(scheme: "http", reason: "the handler has been shut down")
            case .notStarted:
                let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: clientConfiguration)
                state = .running(client)
                return client
            }
        }
    }

    public func canHandle(_ url: URL) -> Bool {
        let scheme = url.scheme?.lowercased()
        return scheme == "http" || scheme == "https" || scheme == ByteRangeURL.scheme
    }

    public func canonicalURL(for url: URL) throws -> URL {
        if url.scheme?.lowercased() == ByteRangeURL.scheme { return try ByteRangeURL(url: url).url }
        return try URLCanonicalizer.http(url)
    }

    public var staleCopyBudget: Duration? { configuration.staleCopyBudget }

    /// Loads `task`'s URL once its host has a free connection (the most urgent request first).
    public func load(_ task: SchemeLoadTask, client loadClient: SchemeLoadClient) async throws {
        let range = task.url.scheme == ByteRangeURL.scheme ? try ByteRangeURL(url: task.url) : nil
        let origin = range?.archive ?? task.url
        if configuration.isOffline { throw LoadError.offline(url: origin.absoluteString) }
        if origin.scheme == "https", configuration.tlsConfiguration == nil, case .failure(let error) = TrustedAuthorities.fromEnvironment {
            throw error
        }
        try checkReachable(origin)
        try await hosts.withTurn(for: task, at: origin) {
            // Again once its turn comes: the requests ahead of it may have just found the host gone.
            try checkReachable(origin)
            if let range {
                try await downloadRange(range, task: task, client: loadClient)
            } else {
                try await download(task, client: loadClient)
            }
        }
    }

    /// Fails at once for a host whose connection failed moments ago (`Configuration.unreachableRetry`).
    private func checkReachable(_ origin: URL) throws {
        if hosts.isMarkedUnreachable(origin) {
            throw LoadError.network(reason: "its server could not be reached moments ago", url: origin.absoluteString)
        }
    }

    private func download(_ task: SchemeLoadTask, client loadClient: SchemeLoadClient) async throws {
        let end = ContinuousClock.now + configuration.totalTimeout
        let requestTime = configuration.now()
        let (response, url) = try await fetch(task.url, headers: Self.validatorHeaders(of: task.cachedResponse), until: end)
        let status = Int(response.status.code)
        let metadata = self.metadata(of: response, requestTime: requestTime, freshening: task.cachedResponse)
        if status == 304, task.cachedResponse != nil {
            loadClient.cachedResponseIsValid(metadata.keepingValidators(of: task.cachedResponse?.response))
            return
        }
        // This request had no Range: a 206 is a part of the resource, never to be taken for all of it.
        if status == 206 { throw LoadError.unrequestedPartialContent(url: url.absoluteString) }
        let keptError = status >= 400 && HTTPCacheRules.keepsError(metadata, status: status, at: configuration.now())
        guard (200...299).contains(status) || keptError else { throw LoadError.httpStatus(code: status, url: url.absoluteString) }
        if let length = metadata.expectedLength, length > configuration.maxBodyBytes {
            throw LoadError.bodyTooLarge(limit: configuration.maxBodyBytes, url: url.absoluteString)
        }
        loadClient.didReceive(metadata)
        try await stream(response.body, to: loadClient, url: url, expectedLength: metadata.expectedLength, until: end)
    }

    /// GETs `url` with `headers`, following redirects (each hop sends them again): the first answer
    /// that is not a redirect, and the URL that gave it. `end` bounds the whole request.
    func fetch(_ url: URL, headers: [(String, String)], until end: ContinuousClock.Instant) async throws
        -> (response: HTTPClientResponse, url: URL) {
        let deadline = NIODeadline.now() + .nanoseconds(Int64((end - ContinuousClock.now).nanoseconds))
        var target = url
        for _ in 0...configuration.maxRedirects {
            let response = try await send(target, headers: headers, deadline: deadline)
            let status = Int(response.status.code)
            guard (300...399).contains(status), status != 304 else { return (response, target) }
            target = try redirectTarget(of: response, from: target)
        }
        throw LoadError.tooManyRedirects(limit: configuration.maxRedirects, url: url.absoluteString)
    }

    /// What `response`'s headers say about caching it (`HTTPCacheRules`), for a request sent at `requestTime`.
    /// A 304 freshening `cached` is read over the fields the stored response kept, with its status.
    func metadata(of response: HTTPClientResponse, requestTime: Date, freshening cached: CachedResponse?) -> LoadResponse {
        var headers = response.headers.map { (name: $0.name, value: $0.value) }
        var status = Int(response.status.code)
        if status == 304, let cached {
            headers = HTTPCacheRules.freshening(cached.response, with: headers)
            status = cached.response.statusCode ?? 200
        }
        return HTTPCacheRules.response(
            headers: headers, status: status, requestTime: requestTime, responseTime: configuration.now(),
            heuristic: .init(fraction: configuration.heuristicFraction, limit: configuration.maxHeuristicFreshness),
            sentHeaders: sentHeaders)
    }

    /// The fields every request sends (besides validators and `Range`): what a `Vary` can select on.
    private var sentHeaders: [(name: String, value: String)] { [(name: "User-Agent", value: configuration.userAgent)] }

    /// A copy that varies is reused only while the fields it varies on are sent with the same values.
    public func mayReuse(_ response: LoadResponse, for canonical: URL) -> Bool {
        guard let stored = response.selectingHeaders else { return true }
        return HTTPCacheRules.selectingValues(of: Array(stored.keys), in: sentHeaders) == stored
    }

    /// `If-None-Match` / `If-Modified-Since` from a stale copy's validators. A validator holding a control
    /// character (a DEL a server sent) cannot be sent back: it is left out, so the request still goes.
    static func validatorHeaders(of cached: CachedResponse?) -> [(String, String)] {
        guard let validators = cached?.response.validators else { return [] }
        return [validators.entityTag.map { ("If-None-Match", $0) }, validators.lastModified.map { ("If-Modified-Since", $0) }]
            .compactMap { $0 }
            .filter { $0.1.utf8.allSatisfy { $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) } }
    }

    /// Forgets the hosts that failed to connect: the next request to them is made at once.
    public func forgetUnreachableHosts() { hosts.forgetUnreachable() }

    /// Closes the connection pool. AsyncHTTPClient's shutdown waits for a connection attempt under way to
    /// end — up to the connect timeout for a host on a dead network, whose stale copy was already drawn — so
    /// with requests still connecting the shutdown is started and not waited for (it ends on its own).
    public func shutdown() async {
        let running: HTTPClient? = pool.withLock { state in
            defer { state = .shutDown }
            if case .running(let client) = state { return client } else { return nil }
        }
        guard let running else { return }
        guard requestsConnecting.withLock({ $0 }) == 0 else {
            running.shutdown { _ in }
            return
        }
        try? await running.shutdown()
    }

    private func send(_ url: URL, headers: [(String, String)], deadline: NIODeadline) async throws -> HTTPClientResponse {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "User-Agent", value: configuration.userAgent)
        request.headers.add(contentsOf: headers)
        let http = try client()
        requestsConnecting.withLock { $0 += 1 }
        defer { requestsConnecting.withLock { $0 -= 1 } }
        do {
            let response = try await http.execute(request, deadline: deadline)
            if response.version.major >= 2 { hosts.spokeHTTP2(url) } else { hosts.spokeHTTP1(url) }
            return response
        } catch {
            if Self.isConnectFailure(error) { hosts.markUnreachable(url) }
            throw translate(error, url: url)
        }
    }

    /// Streams the body, racing the whole-request deadline: AsyncHTTPClient's own deadline stops
    /// counting once the headers arrive, so a server dripping a byte every few seconds (never
    /// silent long enough for the read timeout) would otherwise hold the load and its slot forever.
    /// More than `limit` bytes (at most the body limit) stop the transfer with `bodyTooLarge`.
    func stream(
        _ body: HTTPClientResponse.Body, to client: SchemeLoadClient, url: URL, expectedLength: Int?,
        limit: Int? = nil, until end: ContinuousClock.Instant
    ) async throws {
        let limit = min(limit ?? configuration.maxBodyBytes, configuration.maxBodyBytes)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await self.consume(body, to: client, url: url, expectedLength: expectedLength, limit: limit)
            }
            group.addTask {
                try await Task.sleep(until: end, clock: .continuous)
                throw LoadError.timedOut(phase: "whole request", url: url.absoluteString)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    private func consume(_ body: HTTPClientResponse.Body, to client: SchemeLoadClient, url: URL, expectedLength: Int?,
                         limit: Int) async throws {
        var total = 0
        do {
            for try await buffer in body {
                total += buffer.readableBytes
                guard total <= limit else { throw LoadError.bodyTooLarge(limit: limit, url: url.absoluteString) }
                client.didLoad(Data(buffer.readableBytesView))
            }
        } catch {
            throw translate(error, url: url)
        }
        if let expectedLength, total != expectedLength {
            throw LoadError.network(reason: "body ended after \(total) of the \(expectedLength) bytes its Content-Length declared",
                                    url: url.absoluteString)
        }
    }

    private func redirectTarget(of response: HTTPClientResponse, from url: URL) throws -> URL {
        guard let location = response.headers.first(name: "Location"),
              let target = Self.redirectTarget(location: location, from: url) else {
            throw LoadError.httpStatus(code: Int(response.status.code), url: url.absoluteString)
        }
        return try target.get()
    }

    /// Where a redirect from `url` to `location` goes, or why it is refused: only http(s), and
    /// never from https down to plain http (a picture asked for over https is never fetched in
    /// clear text, so never cached under the https key). `nil` when `location` is not a URL.
    static func redirectTarget(location: String, from url: URL) -> Result<URL, LoadError>? {
        guard let target = URL(string: location, relativeTo: url)?.absoluteURL else { return nil }
        let scheme = target.scheme?.lowercased()
        let shown = URLCanonicalizer.redacted(target)
        guard scheme == "http" || scheme == "https" else { return .failure(.redirectNotAllowed(to: shown)) }
        if url.scheme?.lowercased() == "https", scheme != "https" {
            return .failure(.insecureRedirect(from: url.absoluteString, to: shown))
        }
        // Without credentials (never sent, never shown); a path the client cannot send as written is refused.
        do {
            return .success(try URLCanonicalizer.http(target))
        } catch let error as LoadError {
            return .failure(error)
        } catch {
            return .failure(.malformedURL(shown))
        }
    }

    /// Whether `error` says no connection could be made (refused, unreachable, or the connect timeout).
    static func isConnectFailure(_ error: any Error) -> Bool {
        if let clientError = error as? HTTPClientError, clientError == .connectTimeout { return true }
        if error is NIOConnectionError { return true }
        if let ioError = error as? IOError { return [ECONNREFUSED, EHOSTUNREACH, ENETUNREACH].contains(ioError.errnoCode) }
        if let channelError = error as? ChannelError, case .connectTimeout = channelError { return true }
        return false
    }

    private func translate(_ error: any Error, url: URL) -> any Error {
        if error is LoadError || error is CancellationError { return error }
        if Task.isCancelled { return CancellationError() }
        if let refusal = TrustedAuthorities.refusal(error, host: url.port.map { "\(url.host ?? ""):\($0)" } ?? url.host ?? "") {
            return refusal
        }
        let text = url.absoluteString
        if let clientError = error as? HTTPClientError {
            switch clientError {
            case .readTimeout: return LoadError.timedOut(phase: "waiting for data", url: text)
            case .connectTimeout: return LoadError.timedOut(phase: "connecting", url: text)
            case .deadlineExceeded: return LoadError.timedOut(phase: "whole request", url: text)
            case .cancelled: return CancellationError()
            default: return LoadError.network(reason: "\(clientError)", url: text)
            }
        }
        return LoadError.network(reason: "\(error)", url: text)
    }
}

extension LoadResponse {
    /// A 304 may omit validators; keep the cached ones then.
    func keepingValidators(of cached: LoadResponse?) -> LoadResponse {
        var merged = self
        merged.mimeType = cached?.mimeType ?? mimeType
        merged.expectedLength = cached?.expectedLength
        // The stored response's status stays (a 304 confirms it, RFC 9111 §4.3.4), and what it varies on.
        merged.statusCode = cached?.statusCode ?? statusCode
        merged.selectingHeaders = cached?.selectingHeaders ?? selectingHeaders
        if merged.validators.isEmpty, let cached { merged.validators = cached.validators }
        return merged
    }
}

extension Duration {
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}
