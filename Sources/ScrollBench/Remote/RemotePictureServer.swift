// RemotePictureServer: the remote list's loopback web server — a corpus of web pictures, one URL per
// row, answered over a scripted network (latency, jitter, bandwidth) — and what it counted.
import Foundation
import Imaging
import SchemeLoader
import TestSupport

/// The network the remote list is served over.
public struct NetworkConditions: Sendable, Hashable, Codable {
    /// The wait before each answer, in milliseconds.
    public var latencyMilliseconds = 0
    /// The most random extra wait per request, in milliseconds (uniform, from a seeded generator).
    public var jitterMilliseconds = 0
    /// Each connection's body rate in kilobits per second; `nil`: loopback speed.
    public var bandwidthKilobitsPerSecond: Int?
    /// The jitter generator's seed.
    public var seed: UInt64 = 1
    /// Whether the remote list's messages carry colour sketches of their pictures, as a messenger sends them
    /// (drawn while the pictures load); not a property of the network, but of what travels ahead of it.
    public var sketches = false
    /// With `sketches`: the sketches are BlurHashes with the pictures' sizes (`BlurHashSketch`), as Element and Cinny
    /// send them, instead of colour sketches.
    public var blurHashes = false
    /// Served over https with HTTP/2 (ALPN, a certificate made for the run), as image hosts and homeservers
    /// behind a proxy answer; else plain http, HTTP/1.1.
    public var http2 = false

    /// No latency, no jitter, no bandwidth cap.
    public init() {}
}

/// What the server counted during one run.
public struct NetworkFigures: Sendable, Codable, Hashable {
    /// The network the run had.
    public var conditions: NetworkConditions
    /// Requests received.
    public var requests: Int
    /// Distinct pictures (URLs) requested.
    public var picturesRequested: Int
    /// Body bytes sent.
    public var bodyBytes: Int
    /// Connections accepted.
    public var connectionsOpened: Int
    /// The most connections open at once.
    public var peakOpenConnections: Int
    /// Connections still open when the scroll ended (before the loaders shut down).
    public var openConnectionsAtEnd: Int
    /// The most requests in flight at once.
    public var peakRequestsInFlight: Int
}

/// A loopback web server holding `rows` picture URLs, row `i` served with the bytes of corpus picture
/// `i mod count` under a path of its own (`/p/ROW/NAME.jpg`), cacheable for a day.
public final class RemotePictureServer: Sendable {
    /// The network it simulates.
    public let conditions: NetworkConditions
    /// Picture URLs it serves (the remote list's rows).
    public let rows: Int
    /// The server itself (its counters).
    public let server: TestHTTPServer
    private let names: [String]
    /// The sketch of each corpus picture (`ColourSketch`'s or `BlurHashSketch`'s text form), when the messages carry them.
    let sketches: [String]?
    private let baseline = Locked((requests: [String: Int](), bytes: 0, opened: 0))
    /// The HTTP handler's settings for its clients (over HTTP/2: trusting the run's certificate).
    let handlerConfiguration: HTTPSchemeHandler.Configuration

    /// Starts a server for `rows` rows over `corpus`.
    public init(corpus: WebPhotoCorpus, rows: Int, conditions: NetworkConditions) async throws {
        self.conditions = conditions
        self.rows = rows
        let photos = corpus.photos
        guard !photos.isEmpty else { throw ScrollBenchError.noRemotePictures(reason: "the corpus is empty") }
        names = photos.map(\.name)
        sketches = conditions.sketches ? try photos.map { try Self.sketch(of: $0.data, blurHash: conditions.blurHashes) } : nil
        var routes: [String: TestRoute] = [:]
        for row in 0..<rows {
            let photo = photos[row % photos.count]
            routes[Self.path(row: row, name: photo.name)] = .respond(
                headers: [("Content-Type", "image/jpeg"), ("Cache-Control", "max-age=86400")], body: photo.data)
        }
        do {
            // The certificate is read by the server and the clients' trust as they are made: its folder can go then.
            let folder = try TemporaryDirectory()
            let tls = conditions.http2 ? try TestCertificate.make(in: folder) : nil
            handlerConfiguration = try tls.map { try .trusting(certificate: $0.certificate) } ?? HTTPSchemeHandler.Configuration()
            server = try await TestHTTPServer(
                routes: routes, tls: tls, http2: conditions.http2, latency: .milliseconds(conditions.latencyMilliseconds),
                bytesPerSecond: conditions.bandwidthKilobitsPerSecond.map { $0 * 1000 / 8 },
                jitter: .milliseconds(conditions.jitterMilliseconds), seed: conditions.seed)
        } catch {
            throw ScrollBenchError.serverStart(reason: "\(error)")
        }
    }

    /// The sketch of `row`'s picture, when the messages carry them.
    func sketch(row: Int) -> String? { sketches?[row % names.count] }

    /// A picture's colour sketch, or its BlurHash (4×3 components, from a 64-pixel render, as senders make it small
    /// first) with its size.
    private static func sketch(of picture: Data, blurHash: Bool) throws -> String {
        let processor = ImageProcessor()
        guard blurHash else { return ColourSketch(bitmap: try processor.decode(picture)).encoded }
        let info = try processor.info(of: picture)
        let small = try processor.thumbnail(picture, width: 64, height: 64, mode: .fit)
        return try BlurHashSketch(hash: BlurHash(encoding: small).text, width: info.width, height: info.height).encoded
    }

    /// The URL of `row`'s picture.
    public func url(row: Int) -> URL {
        server.url(Self.path(row: row, name: names[row % names.count]))
    }

    /// Starts counting a run: later figures count from here.
    public func startCounting() {
        server.resetPeaks()
        baseline.withLock { $0 = (server.requestCounts, server.bodyBytesSent, server.openedConnections) }
    }

    /// What the server counted since `startCounting()`.
    public func figures() -> NetworkFigures {
        let start = baseline.withLock { $0 }
        let added = server.requestCounts.map { $0.value - start.requests[$0.key, default: 0] }.filter { $0 > 0 }
        return NetworkFigures(
            conditions: conditions, requests: added.reduce(0, +), picturesRequested: added.count,
            bodyBytes: server.bodyBytesSent - start.bytes, connectionsOpened: server.openedConnections - start.opened,
            peakOpenConnections: server.peakOpenConnections, openConnectionsAtEnd: server.openConnections,
            peakRequestsInFlight: server.peakRequestsInFlight)
    }

    /// Stops listening.
    public func stop() async { await server.stop() }

    private static func path(row: Int, name: String) -> String { "/p/\(row)/\(name)" }
}
