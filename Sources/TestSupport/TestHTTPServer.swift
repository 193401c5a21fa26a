// TestHTTPServer: a real HTTP/1.1 (or, over TLS, HTTP/2) server on 127.0.0.1 (SwiftNIO) with scripted routes, for HTTP tests.
import SchemeLoader
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// What the server does for one path.
public enum TestRoute: Sendable {
    /// Answers `status` with `headers` and `body`, sent in `chunks` pieces `delay` apart.
    case respond(status: Int = 200, headers: [(String, String)] = [], body: Data = Data(), chunks: Int = 1, delay: Duration = .zero)
    /// Sends the headers (declaring `declaredLength`) and `prefix` of the body, then goes silent.
    case stallAfter(prefix: Data, declaredLength: Int)
    /// Accepts the request and never answers.
    case silent
    /// Sends the headers (declaring `declaredLength`) and `prefix` of the body, then closes the
    /// connection: cleanly (FIN, a lying `Content-Length`) or, with `reset`, with a TCP reset.
    case closeAfter(prefix: Data, declaredLength: Int, reset: Bool)
    /// Answers with `ETag: tag` and `Cache-Control: no-cache`; a request with `If-None-Match: tag` gets 304.
    case entityTagged(tag: String, body: Data)
    /// Answers with `ETag: tag` and `Cache-Control: cacheControl`; a request with `If-None-Match: tag` gets 304.
    case versioned(tag: String, body: Data, cacheControl: String)
    /// Serves `archive` with range requests (206, 416), `ETag`, `If-None-Match` (304) and `If-Range`.
    case archive(TestArchive)
}

/// A loopback HTTP server for tests. Records requests, connections and (HTTP/2) streams: open, closed, reset.
public final class TestHTTPServer: Sendable {
    private struct Record {
        var requests: [String: Int] = [:]
        var targets: [String] = []
        var conditionalRequests: [String: Int] = [:]
        var closedConnections = 0
        var openConnections = 0
        var openedConnections = 0
        var inFlight = 0
        var peakInFlight = 0
        var http2Requests = 0
        var openStreams = 0
        var peakOpenStreams = 0
        var resetStreams = 0
        var peakOpenConnections = 0
        var bodyBytesSent = 0
        var jitter: SeededGenerator
        var appliedJitter: [Duration] = []
    }

    /// The port it listens on.
    public let port: Int
    private let channel: any Channel
    private let routes: Locked<[String: TestRoute]>
    private let record: Locked<Record>
    /// How long the server waits before answering each request.
    let latency: Duration
    /// The most body bytes per second each connection (HTTP/2: each stream) sends; `nil`: no cap.
    let bytesPerSecond: Int?
    /// The longest random extra wait added to `latency`, per request.
    let jitter: Duration

    /// Whether it speaks TLS (`https`).
    public let isSecure: Bool
    /// Whether it offers HTTP/2 (by ALPN, over TLS).
    public let offersHTTP2: Bool
    /// The loopback address it listens on.
    public let host: String

    /// Starts a server with `routes` (path → behaviour); unknown paths are 404. Headers go out as the
    /// routes write them, unchecked: a route may script what a strict server would refuse (a DEL byte). With `tls` (PEM
    /// certificate and key files) it serves `https`, and with `http2` too it offers HTTP/2 by ALPN (every
    /// request a stream of one connection). Each request is answered `latency` after it arrived, plus a
    /// random extra wait up to `jitter` drawn from a generator seeded with `seed` (the same seed gives the
    /// same waits to the requests in the order they arrive). With `bytesPerSecond`, each connection sends
    /// bodies no faster than that: in pieces of a twentieth of a second's worth, each followed by its time.
    /// `host` is the loopback address it listens on: a test that stops the server and expects its port to stay
    /// unused (refused, or taken by a test listener) picks an address of its own (`127.0.0.77`), where no other
    /// test's server can take the freed port.
    public init(routes: [String: TestRoute], tls: (certificate: String, key: String)? = nil, http2: Bool = false,
                latency: Duration = .zero, bytesPerSecond: Int? = nil, jitter: Duration = .zero, seed: UInt64 = 0,
                host: String = "127.0.0.1") async throws {
        self.host = host
        self.routes = Locked(routes)
        self.latency = latency
        self.bytesPerSecond = bytesPerSecond.map { max(1, $0) }
        self.jitter = jitter
        record = Locked(Record(jitter: SeededGenerator(seed: seed)))
        let box = ServerBox()
        let context = try tls.map { tls in
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: try NIOSSLCertificate.fromPEMFile(tls.certificate).map { .certificate($0) },
                privateKey: .privateKey(try NIOSSLPrivateKey(file: tls.key, format: .pem)))
            configuration.applicationProtocols = http2 ? ["h2", "http/1.1"] : ["http/1.1"]
            return try NIOSSLContext(configuration: configuration)
        }
        isSecure = context != nil
        offersHTTP2 = context != nil && http2
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                do {
                    try channel.pipeline.syncOperations.addHandler(ConnectionCounter(server: box))
                    if let context { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context)) }
                } catch {
                    return channel.eventLoop.makeFailedFuture(error)
                }
                guard context != nil, http2 else {
                    return channel.pipeline.configureHTTPServerPipeline(withOutboundHeaderValidation: false).flatMapThrowing {
                        try channel.pipeline.syncOperations.addHandler(RouteHandler(server: box))
                    }
                }
                return channel.configureHTTP2SecureUpgrade(h2ChannelConfigurator: { channel in
                    channel.configureHTTP2Pipeline(mode: .server, inboundStreamInitializer: { stream in
                        box.server?.streamOpened()
                        stream.closeFuture.whenComplete { _ in box.server?.streamClosed() }
                        return stream.eventLoop.makeCompletedFuture {
                            try stream.pipeline.syncOperations.addHandlers([
                                HTTP2FramePayloadToHTTP1ServerCodec(), RouteHandler(server: box, overHTTP2: true)])
                        }
                    }).map { _ in }
                }, http1ChannelConfigurator: { channel in
                    channel.pipeline.configureHTTPServerPipeline(withOutboundHeaderValidation: false).flatMapThrowing {
                        try channel.pipeline.syncOperations.addHandler(RouteHandler(server: box))
                    }
                })
            }
        channel = try await bootstrap.bind(host: host, port: 0).get()
        port = channel.localAddress?.port ?? 0
        box.server = self
    }

    /// `http://HOST:PORT/path` (`https` when it speaks TLS).
    public func url(_ path: String) -> URL {
        URL(string: "\(isSecure ? "https" : "http")://\(host):\(port)\(path)")!
    }

    /// Requests received for `path`.
    public func requestCount(_ path: String) -> Int { record.withLock { $0.requests[path, default: 0] } }
    /// Every request's target (path and query) exactly as it arrived, in order.
    public var requestTargets: [String] { record.withLock { $0.targets } }
    /// Requests for `path` that carried `If-None-Match`.
    public func conditionalRequestCount(_ path: String) -> Int { record.withLock { $0.conditionalRequests[path, default: 0] } }
    /// Connections the client or server closed so far.
    public var closedConnections: Int { record.withLock { $0.closedConnections } }
    /// Connections open now.
    public var openConnections: Int { record.withLock { $0.openConnections } }
    /// Connections accepted so far.
    public var openedConnections: Int { record.withLock { $0.openedConnections } }
    /// The most requests in flight at once so far.
    public var peakRequestsInFlight: Int { record.withLock { $0.peakInFlight } }
    /// Requests that came as HTTP/2 streams.
    public var http2Requests: Int { record.withLock { $0.http2Requests } }
    /// HTTP/2 streams open now.
    public var openStreams: Int { record.withLock { $0.openStreams } }
    /// The most HTTP/2 streams open at once so far (over all connections).
    public var peakOpenStreams: Int { record.withLock { $0.peakOpenStreams } }
    /// HTTP/2 streams the client reset (RST_STREAM with CANCEL) so far.
    public var resetStreams: Int { record.withLock { $0.resetStreams } }
    /// The most connections open at once so far.
    public var peakOpenConnections: Int { record.withLock { $0.peakOpenConnections } }
    /// Requests received so far, per path.
    public var requestCounts: [String: Int] { record.withLock { $0.requests } }
    /// Response body bytes handed to the sockets so far.
    public var bodyBytesSent: Int { record.withLock { $0.bodyBytesSent } }
    /// The extra wait drawn for each request so far, in the order the requests arrived.
    public var appliedJitter: [Duration] { record.withLock { $0.appliedJitter } }

    /// Starts the peaks (connections and streams open, requests in flight) over from what is open and in flight now.
    public func resetPeaks() {
        record.withLock { record in
            record.peakInFlight = record.inFlight
            record.peakOpenConnections = record.openConnections
            record.peakOpenStreams = record.openStreams
        }
    }

    /// Stops listening.
    public func stop() async {
        try? await channel.close()
    }

    /// Counts a request for `path`; returns its route and how long to wait before answering it.
    fileprivate func route(for path: String, target: String, conditional: Bool) -> (route: TestRoute?, wait: Duration) {
        let extra = record.withLock { record in
            record.requests[path, default: 0] += 1
            record.targets.append(target)
            if conditional { record.conditionalRequests[path, default: 0] += 1 }
            record.inFlight += 1
            record.peakInFlight = max(record.peakInFlight, record.inFlight)
            guard jitter > .zero else { return Duration.zero }
            let extra = jitter * Double.random(in: 0...1, using: &record.jitter)
            record.appliedJitter.append(extra)
            return extra
        }
        return (routes.withLock { $0[path] }, latency + extra)
    }

    func sent(bodyBytes: Int) { record.withLock { $0.bodyBytesSent += bodyBytes } }

    /// Changes what `path` answers from now on (a picture updated on the server).
    public func setRoute(_ path: String, to route: TestRoute) {
        routes.withLock { $0[path] = route }
    }

    fileprivate func requestEnded() { record.withLock { $0.inFlight -= 1 } }
    fileprivate func cameOverHTTP2() { record.withLock { $0.http2Requests += 1 } }

    fileprivate func streamOpened() {
        record.withLock { record in
            record.openStreams += 1
            record.peakOpenStreams = max(record.peakOpenStreams, record.openStreams)
        }
    }
    fileprivate func streamClosed() { record.withLock { $0.openStreams -= 1 } }
    fileprivate func streamReset() { record.withLock { $0.resetStreams += 1 } }

    fileprivate func connectionOpened() {
        record.withLock { record in
            record.openConnections += 1
            record.openedConnections += 1
            record.peakOpenConnections = max(record.peakOpenConnections, record.openConnections)
        }
    }
    fileprivate func connectionClosed() {
        record.withLock { record in
            record.openConnections -= 1
            record.closedConnections += 1
        }
    }
}

/// Lets the channel initializer reach the server once it exists.
final class ServerBox: @unchecked Sendable {
    // @unchecked: written once before the first connection can arrive, then only read.
    weak var server: TestHTTPServer?
}

/// Counts a connection's opening and closing (on the connection, below TLS and HTTP/2).
private final class ConnectionCounter: ChannelInboundHandler {
    typealias InboundIn = NIOAny
    private let server: ServerBox

    init(server: ServerBox) {
        self.server = server
    }

    func channelActive(context: ChannelHandlerContext) {
        server.server?.connectionOpened()
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.server?.connectionClosed()
        context.fireChannelInactive()
    }
}

/// Answers the requests of one HTTP/1.1 connection, or of one HTTP/2 stream.
final class RouteHandler: ChannelInboundHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    let server: ServerBox
    private let overHTTP2: Bool
    private var head: HTTPRequestHead?
    /// Requests received on this connection and not answered in full (counted as in flight).
    private var unanswered = 0

    init(server: ServerBox, overHTTP2: Bool = false) {
        self.server = server
        self.overHTTP2 = overHTTP2
    }

    func channelInactive(context: ChannelHandlerContext) {
        for _ in 0..<unanswered { server.server?.requestEnded() }
        unanswered = 0
        context.fireChannelInactive()
    }

    /// A stream the client reset (RST_STREAM) arrives as an error on the stream: counted, and the answer stops.
    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if let closed = error as? NIOHTTP2Errors.StreamClosed, closed.errorCode == .cancel { server.server?.streamReset() }
        context.fireErrorCaught(error)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let requestHead): head = requestHead
        case .body: break
        case .end:
            guard let head else { return }
            let path = String(head.uri.split(separator: "?").first ?? "")
            let ifNoneMatch = head.headers.first(name: "If-None-Match")
            let (route, wait) = server.server?.route(for: path, target: head.uri, conditional: ifNoneMatch != nil) ?? (nil, .zero)
            if overHTTP2 { server.server?.cameOverHTTP2() }
            unanswered += 1
            guard wait > .zero else { return respond(route, request: head.headers, context: context) }
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(wait))) {
                let (handler, context) = loopBound.value
                guard context.channel.isActive else { return }
                handler.respond(route, request: head.headers, context: context)
            }
        }
    }

    private func respond(_ route: TestRoute?, request: HTTPHeaders, context: ChannelHandlerContext) {
        let ifNoneMatch = request.first(name: "If-None-Match")
        switch route {
        case nil:
            send(status: 404, headers: [], body: Data("not found".utf8), chunks: 1, delay: .zero, context: context)
        case .respond(let status, let headers, let body, let chunks, let delay):
            send(status: status, headers: headers, body: body, chunks: chunks, delay: delay, context: context)
        case .silent:
            break
        case .closeAfter(let prefix, let declaredLength, let reset):
            let headers = HTTPHeaders([("Content-Length", String(declaredLength)), ("Content-Type", "application/octet-stream")])
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: prefix))))).whenComplete { _ in
                if reset, let provider = channel as? any SocketOptionProvider {
                    // SO_LINGER with a zero timeout makes close(2) send RST instead of FIN.
                    provider.setSoLinger(linger(l_onoff: 1, l_linger: 0)).whenComplete { _ in channel.close(promise: nil) }
                } else {
                    channel.close(promise: nil)
                }
            }
        case .stallAfter(let prefix, let declaredLength):
            var headers = HTTPHeaders([("Content-Length", String(declaredLength))])
            headers.add(name: "Content-Type", value: "application/octet-stream")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: prefix)))), promise: nil)
        case .entityTagged(let tag, let body):
            respond(.versioned(tag: tag, body: body, cacheControl: "no-cache"), request: request, context: context)
        case .versioned(let tag, let body, let cacheControl):
            if ifNoneMatch == tag {
                send(status: 304, headers: [("ETag", tag), ("Cache-Control", cacheControl)], body: Data(), chunks: 1, delay: .zero, context: context)
            } else {
                send(status: 200, headers: [("ETag", tag), ("Cache-Control", cacheControl), ("Content-Type", "image/png")],
                     body: body, chunks: 1, delay: .zero, context: context)
            }
        case .archive(let archive):
            serve(archive, request: request, context: context)
        }
    }

    private func send(status: Int, headers: [(String, String)], body: Data, chunks: Int, delay: Duration, context: ChannelHandlerContext) {
        var fields = HTTPHeaders(headers)
        if status != 304, !fields.contains(name: "Content-Length") { fields.add(name: "Content-Length", value: String(body.count)) }
        context.write(wrapOutboundOut(.head(HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: status), headers: fields))), promise: nil)
        if let rate = server.server?.bytesPerSecond, !body.isEmpty {
            // A twentieth of a second's worth per piece, each followed by its time on the wire at `rate`.
            let size = max(1, rate / 20)
            let pieces = Self.split(body, into: (body.count + size - 1) / size)
            sendPieces(pieces[...], delay: .seconds(Double(size) / Double(rate)), context: context, pacedToEnd: true)
        } else {
            sendPieces(Self.split(body, into: chunks)[...], delay: delay, context: context)
        }
    }

    /// Sends `pieces` `delay` apart; `pacedToEnd` waits `delay` after the last one too (a bandwidth cap).
    private func sendPieces(_ pieces: ArraySlice<Data>, delay: Duration, context: ChannelHandlerContext, pacedToEnd: Bool = false) {
        guard let piece = pieces.first else { return endResponse(context: context) }
        server.server?.sent(bodyBytes: piece.count)  // before the write: a client that has it all finds it counted
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(bytes: piece)))), promise: nil)
        let rest = pieces.dropFirst()
        if delay == .zero || (rest.isEmpty && !pacedToEnd) {
            sendPieces(rest, delay: delay, context: context)
        } else {
            let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            context.eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(delay))) {
                let (handler, context) = loopBound.value
                guard context.channel.isActive else { return }
                handler.sendPieces(rest, delay: delay, context: context, pacedToEnd: pacedToEnd)
            }
        }
    }

    /// Ends the response in flight (counted as answered).
    func endResponse(context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        if unanswered > 0 {
            unanswered -= 1
            server.server?.requestEnded()
        }
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        duration.components.attoseconds / 1_000_000_000 + duration.components.seconds * 1_000_000_000
    }

    private static func split(_ data: Data, into count: Int) -> [Data] {
        guard count > 1, data.count > 1 else { return [data] }
        let size = (data.count + count - 1) / count
        return stride(from: 0, to: data.count, by: size).map { data.subdata(in: $0..<min(data.count, $0 + size)) }
    }
}
