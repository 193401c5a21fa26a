// CredentialRedactionTests: `user:password@` in a URL is never a login, and never printed, shown or
// stored: the canonical key drops it, so errors, statistics and disk entries never hold it (issue 36).
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct CredentialRedactionTests {
    private let secret = "hunter2secret"

    @Test func theCanonicalKeyHasNoCredentials() throws {
        let url = try #require(URL(string: "http://alice:\(secret)@Example.org:80/a.png"))
        let canonical = try HTTPSchemeHandler().canonicalURL(for: url)
        #expect(canonical.absoluteString == "http://example.org/a.png")
        #expect(URLCanonicalizer.redacted(url) == "http://Example.org:80/a.png")
    }

    @Test func errorsAndDiskEntriesNeverHoldThePassword() async throws {
        // Given a picture behind a URL carrying credentials, and a missing one
        let server = try await TestHTTPServer(routes: ["/a.png": .respond(headers: [("Cache-Control", "max-age=3600")],
                                                                           body: Data(repeating: 7, count: 5_000))])
        let folder = try TemporaryDirectory()
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()], configuration: SchemeLoaderConfiguration(diskDirectory: folder.url))
        let good = try #require(URL(string: "http://alice:\(secret)@127.0.0.1:\(server.port)/a.png"))
        let missing = try #require(URL(string: "http://alice:\(secret)@127.0.0.1:\(server.port)/gone.png"))
        // When both are loaded
        let loaded = try await loader.data(for: good)
        var message = ""
        do { _ = try await loader.data(for: missing) } catch { message = "\(error)" }
        await loader.waitForPendingWrites()
        // Then neither the result, the error nor any cache file holds the password
        #expect(!loaded.url.absoluteString.contains(secret))
        #expect(message.contains("gone.png") && !message.contains(secret) && !message.contains("alice"))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(!files.isEmpty)
        for name in files {
            let bytes = try Data(contentsOf: folder.url.appendingPathComponent(name))
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(name) holds the password")
        }
        await loader.shutdown()
        await server.stop()
    }
}
