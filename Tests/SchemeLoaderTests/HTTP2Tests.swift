// HTTP2Tests: where a server offers HTTP/2 (by ALPN over TLS) the loader uses it: many pictures at once are
// streams of one connection.
import Foundation
import NIOSSL
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct HTTP2Tests {
    private func loader(trusting tls: (certificate: String, key: String)) throws -> SchemeLoader {
        var configuration = HTTPSchemeHandler.Configuration()
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(tls.certificate))
        configuration.tlsConfiguration = trust
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: configuration)])
    }

    @Test(arguments: [true, false])
    func manyPicturesFromAnHTTP2ServerShareOneConnection(offersHTTP2: Bool) async throws {
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let bodies = (0..<16).map { index in Data((0..<5_000).map { UInt8(($0 + index) % 251) }) }
        let routes = Dictionary(uniqueKeysWithValues: bodies.enumerated().map { ("/p\($0.offset)", TestRoute.respond(body: $0.element)) })
        let server = try await TestHTTPServer(routes: routes, tls: tls, http2: offersHTTP2, latency: .milliseconds(100))
        let loader = try loader(trusting: tls)
        // When 16 pictures are loaded at once
        try await withThrowingTaskGroup(of: (Int, Data).self) { group in
            for index in bodies.indices { group.addTask { (index, try await loader.data(for: server.url("/p\(index)")).data) } }
            for try await (index, data) in group { #expect(data == bodies[index]) }
        }
        if offersHTTP2 {
            // Then over HTTP/2 they were streams of a single connection
            #expect(server.http2Requests == 16)
            #expect(server.openedConnections == 1)
        } else {
            // and over HTTP/1.1 they took several keep-alive connections, never more than the per-host limit
            #expect(server.http2Requests == 0)
            #expect((2...8).contains(server.openedConnections))
        }
        await loader.shutdown()
        await server.stop()
    }
}
