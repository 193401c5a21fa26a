// TrustedAuthoritiesTests: a private certificate authority is trusted when SSL_CERT_FILE or SSL_CERT_DIR names it
// (as curl and OpenSSL read them), never by turning verification off; a refused certificate is one sentence
// naming the host and the reason, not BoringSSL's text.
import Foundation
@testable import SchemeLoader
import TestSupport
import Testing

@Suite struct TrustedAuthoritiesTests {
    private func load(_ url: URL, environment: [String: String]) async throws -> Data {
        var configuration = HTTPSchemeHandler.Configuration()
        configuration.tlsConfiguration = try TrustedAuthorities.configuration(environment: environment)
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler(configuration: configuration)])
        defer { Task { await loader.shutdown() } }
        return try await loader.data(for: url).data
    }

    @Test func withNeitherVariableTheSystemDefaultsStand() throws {
        #expect(try TrustedAuthorities.configuration(environment: [:]) == nil)
        #expect(try TrustedAuthorities.configuration(environment: ["SSL_CERT_FILE": ""]) == nil)
    }

    @Test(.enabled(if: !TrustedAuthorities.systemStores.isEmpty, "the machine has a system trust store"))
    func namingTheSystemsOwnStoreAddsNothingToParse() throws {
        // Given variables that name only where the system's authorities already come from (as many machines set them)
        var environment: [String: String] = [:]
        for store in TrustedAuthorities.systemStores {
            var folder: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: store, isDirectory: &folder)
            environment[folder.boolValue ? "SSL_CERT_DIR" : "SSL_CERT_FILE"] = store
        }
        // Then the system's defaults stand: no certificate is read again
        #expect(try TrustedAuthorities.configuration(environment: environment) == nil)
    }

    @Test(arguments: ["SSL_CERT_FILE", "SSL_CERT_DIR"])
    func theAuthorityAVariableNamesIsTrusted(variable: String) async throws {
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let body = Data("a picture".utf8)
        let server = try await TestHTTPServer(routes: ["/p.png": .respond(body: body)], tls: tls)
        // The folder also holds the key, which is no certificate: skipped, as OpenSSL skips it.
        let named = variable == "SSL_CERT_FILE" ? tls.certificate : folder.url.path
        let loaded = try await load(server.url("/p.png"), environment: [variable: named])
        await server.stop()
        #expect(loaded == body)
    }

    @Test func aCertificateNoTrustedAuthoritySignedIsRefusedInOneSentenceNamingTheHost() async throws {
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let server = try await TestHTTPServer(routes: ["/p.png": .respond(body: Data("x".utf8))], tls: tls)
        let error = await #expect(throws: LoadError.self) { _ = try await load(server.url("/p.png"), environment: [:]) }
        await server.stop()
        #expect(server.requestCount("/p.png") == 0)
        guard case .untrustedCertificate(let host, let reason)? = error else {
            Issue.record("expected untrustedCertificate, got \(String(describing: error))")
            return
        }
        #expect(host == "127.0.0.1:\(server.port)")
        #expect(reason.contains("not signed by an authority"))
        let sentence = error?.description ?? ""
        #expect(sentence.contains("SSL_CERT_FILE"))
        #expect(!sentence.contains(".build") && !sentence.contains("error:") && !sentence.contains("\n"), "\(sentence)")
    }

    @Test func aVariableNamingNoCertificateIsATypedErrorNamingIt() async throws {
        let folder = try TemporaryDirectory()
        let missing = folder.appending("none.pem").path
        #expect(throws: LoadError.unreadableTrustStore(variable: "SSL_CERT_FILE", path: missing, reason: "no such readable file")) {
            _ = try TrustedAuthorities.configuration(environment: ["SSL_CERT_FILE": missing])
        }
        try Data("not a certificate".utf8).write(to: folder.appending("junk.pem"))
        #expect(throws: LoadError.unreadableTrustStore(variable: "SSL_CERT_FILE", path: folder.appending("junk.pem").path,
                                                       reason: "it holds no PEM certificate")) {
            _ = try TrustedAuthorities.configuration(environment: ["SSL_CERT_FILE": folder.appending("junk.pem").path])
        }
        #expect(throws: LoadError.unreadableTrustStore(variable: "SSL_CERT_DIR", path: missing, reason: "no such readable folder")) {
            _ = try TrustedAuthorities.configuration(environment: ["SSL_CERT_DIR": missing])
        }
    }
}
