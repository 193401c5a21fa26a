// HTTPMatrixTransport: MatrixTransport over AsyncHTTPClient. Certificates are always verified (the
// default TLS configuration); requests with a token never follow redirects, so the token reaches only
// the server it was issued by.
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SchemeLoader

/// The real transport: HTTP/1.1 or HTTP/2 over AsyncHTTPClient, answers up to 16 MiB.
public struct HTTPMatrixTransport: MatrixTransport {
    /// The most bytes of one answer that are read.
    public static let maximumBodyBytes = 16 << 20

    /// Two process-wide clients, never shut down (they live as long as the process): one that never
    /// follows a redirect, one that does (for token-free discovery).
    private static let direct = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                                           configuration: configuration(redirects: .disallow))
    private static let following = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup,
                                              configuration: configuration(redirects: .follow(max: 5, allowCycles: false)))

    /// A refused connection is retried until the connect timeout: 5 s, not AsyncHTTPClient's 10, so a
    /// mistyped port is said soon. Reads have no timeout of their own (a /sync waits by design); each
    /// request has its deadline.
    private static func configuration(redirects: HTTPClient.Configuration.RedirectConfiguration) -> HTTPClient.Configuration {
        var configuration = HTTPClient.Configuration(redirectConfiguration: redirects, timeout: .init(connect: .seconds(5)))
        if let tls = try? TrustedAuthorities.fromEnvironment.get() { configuration.tlsConfiguration = tls }
        return configuration
    }

    /// The transport.
    public init() {}

    public func perform(_ request: MatrixHTTPRequest) async throws(MatrixError) -> MatrixHTTPResponse {
        var outgoing = HTTPClientRequest(url: request.url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        outgoing.headers.add(name: "Accept", value: "application/json")
        outgoing.headers.add(name: "User-Agent", value: "Snapterm")
        if let token = request.accessToken {
            outgoing.headers.add(name: "Authorization", value: "Bearer \(token)")
        }
        if let body = request.body {
            outgoing.headers.add(name: "Content-Type", value: request.contentType)
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let client = request.followsRedirects ? Self.following : Self.direct
        let place = Self.origin(of: request.url)
        if request.url.scheme == "https", case .failure(let error) = TrustedAuthorities.fromEnvironment {
            throw .unreachable(url: place, reason: error.description)
        }
        do {
            let response = try await client.execute(outgoing, timeout: .nanoseconds(Int64(request.timeout.nanoseconds)))
            let body = try await response.body.collect(upTo: Self.maximumBodyBytes)
            return MatrixHTTPResponse(status: Int(response.status.code), body: Data(body.readableBytesView))
        } catch is CancellationError {
            throw .unreachable(url: place, reason: "cancelled")
        } catch let error as NIOTooManyBytesError {
            throw .invalidResponse(endpoint: request.url.path, reason: "more than \(Self.maximumBodyBytes >> 20) MiB: \(error)")
        } catch {
            throw .unreachable(url: place, reason: Self.reason(error))
        }
    }

    /// `scheme://host[:port]`: what an error may name (never a path or a query).
    static func origin(of url: URL) -> String {
        var origin = "\(url.scheme ?? "https")://\(url.host ?? "")"
        if let port = url.port { origin += ":\(port)" }
        return origin
    }

    /// A short reason for a transport failure.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .connectTimeout, .deadlineExceeded, .readTimeout: return "no answer in time"
            case .remoteConnectionClosed: return "the connection was closed"
            default: return String(describing: error)
            }
        }
        if case .untrustedCertificate(_, let reason)? = TrustedAuthorities.refusal(error, host: "") {
            return "its certificate could not be verified: \(reason)"
        }
        let text = String(describing: error)
        if text.contains("UnknownHost") { return "its name has no address (DNS)" }
        if text.contains("connection refused") || text.contains("ECONNREFUSED") || text.contains("errno: 111") {
            return "connection refused"
        }
        return text
    }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating).
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds.multipliedReportingOverflow(by: 1_000_000_000).partialValue + attoseconds / 1_000_000_000
    }
}
