// A real https server on 127.0.0.1 (a certificate made for the test) redirecting to plain http:
// refused, the http server never asked, nothing cached; https → https redirects still work.
import Foundation
import NIOSSL
import SchemeLoader
import TestSupport
import Testing

@Suite struct HTTPSDowngradeTests {
    @Test func anHTTPSToHTTPRedirectIsRefusedAndNothingIsCached() async throws {
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let plain = try await TestHTTPServer(routes: ["/pic": .respond(headers: [("Content-Type", "image/png")], body: Data("clear".utf8))])
        let secure = try await TestHTTPServer(routes: [
            "/down": .respond(status: 302, headers: [("Location", plain.url("/pic").absoluteString)]),
            "/hop": .respond(status: 301, headers: [("Location", "/safe")]),
            "/safe": .respond(headers: [("Content-Type", "image/png")], body: Data("secret".utf8)),
        ], tls: tls)
        var configuration = HTTPSchemeHandler.Configuration()
        var trust = TLSConfiguration.makeClientConfiguration()
        trust.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(tls.certificate))
        configuration.tlsConfiguration = trust
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: configuration)],
                                      configuration: SchemeLoaderConfiguration(diskDirectory: folder.appending("cache")))

        // Given an https URL whose server redirects to plain http, when it is loaded
        await #expect(throws: LoadError.insecureRedirect(from: secure.url("/down").absoluteString, to: plain.url("/pic").absoluteString)) {
            try await loader.data(for: secure.url("/down"))
        }
        // Then the plain server was never asked and nothing was cached under the https key
        #expect(plain.requestCount("/pic") == 0)
        #expect(await loader.diskCache?.usage.count == 0)
        // While an https → https redirect is followed
        #expect(try await loader.data(for: secure.url("/hop")).data == Data("secret".utf8))

        await loader.shutdown()
        await secure.stop()
        await plain.stop()
    }
}
