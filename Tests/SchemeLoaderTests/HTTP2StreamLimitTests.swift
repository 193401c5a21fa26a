// HTTP2StreamLimitTests: a host speaking HTTP/2 gets its requests as streams of one connection, more than the
// 8 per host of HTTP/1.1 at once; a cancelled load resets its stream (RST_STREAM) instead of reading it to its
// end; a certificate no trusted authority signed is refused over HTTP/2 too, in a sentence naming the host.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct HTTP2StreamLimitTests {
    /// A loader over one HTTP handler trusting `certificate`, with the default 8 requests per HTTP/1.1 host.
    private func loader(trusting certificate: String) throws -> SchemeLoader {
        var configuration = try HTTPSchemeHandler.Configuration.trusting(certificate: certificate)
        // A load whose caller left stops at once, not after a grace (the download would otherwise run on).
        configuration.abandonedDownloadGrace = .zero
        return try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: configuration)])
    }

    @Test func moreThanEightStreamsToOneHTTP2HostAreOpenAtOnce() async throws {
        // Given an HTTP/2 server that never answers 24 pictures
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let routes = Dictionary(uniqueKeysWithValues: (0..<24).map { ("/p\($0)", TestRoute.silent) })
        let server = try await TestHTTPServer(routes: routes, tls: tls, http2: true)
        let loader = try loader(trusting: tls.certificate)
        // When the 24 are loaded at once
        let tokens = (0..<24).map { loader.load(server.url("/p\($0)")) { _ in } }
        // Then all 24 are open streams of one connection at the same time (over HTTP/1.1 at most 8 would be)
        #expect(await eventually { server.openStreams == 24 })
        #expect(server.http2Requests == 24)
        #expect(server.openedConnections == 1)
        // and when they are cancelled every stream is reset, the connection kept
        tokens.forEach { $0.cancel() }
        #expect(await eventually { server.resetStreams == 24 && server.openStreams == 0 })
        #expect(server.openConnections == 1)
        await loader.shutdown()
        await server.stop()
    }

    @Test func overHTTP1ATLSHostStillGetsAtMostEightRequestsAtOnce() async throws {
        // Given a TLS server without HTTP/2 answering 24 pictures after 200 ms each
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let body = Data((0..<2_000).map { UInt8($0 % 251) })
        let routes = Dictionary(uniqueKeysWithValues: (0..<24).map { ("/p\($0)", TestRoute.respond(body: body)) })
        let server = try await TestHTTPServer(routes: routes, tls: tls, latency: .milliseconds(200))
        let loader = try loader(trusting: tls.certificate)
        // When the 24 are loaded at once
        try await withThrowingTaskGroup(of: Data.self) { group in
            for index in 0..<24 { group.addTask { try await loader.data(for: server.url("/p\(index)")).data } }
            for try await data in group { #expect(data == body) }
        }
        // Then no more than 8 were in flight at once
        #expect(server.http2Requests == 0)
        #expect((1...8).contains(server.peakRequestsInFlight))
        await loader.shutdown()
        await server.stop()
    }

    @Test func aCancelledLoadResetsItsStreamInsteadOfReadingItToTheEnd() async throws {
        // Given an HTTP/2 server sending a 1 MiB picture in 100 pieces 50 ms apart (5 s)
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let body = Data((0..<(1 << 20)).map { UInt8($0 % 251) })
        let small = Data("small".utf8)
        let server = try await TestHTTPServer(
            routes: ["/big": .respond(body: body, chunks: 100, delay: .milliseconds(50)), "/small": .respond(body: small)],
            tls: tls, http2: true)
        let loader = try loader(trusting: tls.certificate)
        let big = ResultBox()
        let token = loader.load(server.url("/big")) { big.add($0) }
        #expect(await eventually { server.bodyBytesSent > 0 })
        // When the load is cancelled halfway (its row scrolled away)
        token.cancel()
        // Then its stream is reset and the server stops sending, well before the end of the body
        #expect(await eventually { server.resetStreams == 1 && server.openStreams == 0 })
        let sent = server.bodyBytesSent
        #expect(sent < body.count)
        #expect(await eventually { big.count == 1 })
        #expect(big.first.map { if case .failure(let error) = $0 { error is CancellationError } else { false } } == true)
        // and the connection carries the next picture
        #expect(try await loader.data(for: server.url("/small")).data == small)
        #expect(server.openedConnections == 1)
        #expect(server.bodyBytesSent == sent + small.count)
        await loader.shutdown()
        await server.stop()
    }

    @Test func anHTTP2HostWithACertificateNoTrustedAuthoritySignedIsRefusedNamingTheHost() async throws {
        // Given an HTTP/2 server whose certificate the loader's authority did not sign
        let folder = try TemporaryDirectory(), other = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let unrelated = try await OffPool.run { try TestCertificate.make(in: other) }
        let server = try await TestHTTPServer(routes: ["/p.png": .respond(body: Data("x".utf8))], tls: tls, http2: true)
        let loader = try loader(trusting: unrelated.certificate)
        // When a picture is loaded from it
        let error = await #expect(throws: LoadError.self) { _ = try await loader.data(for: server.url("/p.png")) }
        // Then no request was sent, and the error is one sentence naming the host and the reason
        #expect(server.requestCount("/p.png") == 0)
        guard case .untrustedCertificate(let host, let reason)? = error else {
            Issue.record("expected untrustedCertificate, got \(String(describing: error))")
            await loader.shutdown()
            await server.stop()
            return
        }
        #expect(host == "127.0.0.1:\(server.port)")
        #expect(reason.contains("not signed by an authority"))
        let sentence = error?.description ?? ""
        #expect(sentence.contains("127.0.0.1:\(server.port)") && !sentence.contains("\n") && !sentence.contains("error:"), "\(sentence)")
        await loader.shutdown()
        await server.stop()
    }
}
