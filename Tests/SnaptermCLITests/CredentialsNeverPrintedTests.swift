// CredentialsNeverPrintedTests: `user:password@` in a URL given to `fetch` or `render` never reaches the
// terminal — not in an error, not in `--stats` — nor the cache folder (issue 36).
import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct CredentialsNeverPrintedTests {
    private let secret = "hunter2secret"

    @Test func fetchNeverPrintsOrStoresThePassword() async throws {
        let folder = try TemporaryDirectory()
        let server = try await TestHTTPServer(routes: [
            "/a.png": .respond(headers: [("Cache-Control", "max-age=3600")], body: Data("picture\n".utf8)),
        ])
        let good = "http://alice:\(secret)@127.0.0.1:\(server.port)/a.png"
        let missing = "http://alice:\(secret)@127.0.0.1:\(server.port)/gone.png"
        let cache = folder.appending("cache")
        // When a picture and a missing one are fetched with their statistics
        let output = try await CommandRunner.run(["fetch", "--stats", good, missing], environment: ["XDG_CACHE_HOME": cache.path])
        // Then the picture came, the missing one is named, and the password is nowhere
        #expect(output.stdout == Data("picture\n".utf8))
        #expect(output.status != 0 && output.stderr.contains("gone.png") && output.stderr.contains("HTTP 404"), "\(output.stderr)")
        #expect(output.stderr.contains("url=http://127.0.0.1:\(server.port)/a.png"), "--stats names the picture: \(output.stderr)")
        #expect(!output.stderr.contains(secret) && !output.stderr.contains("alice"), "\(output.stderr)")
        let files = FileManager.default.enumerator(atPath: cache.path)?.compactMap { $0 as? String } ?? []
        #expect(!files.isEmpty)
        for name in files {
            let bytes = (try? Data(contentsOf: cache.appendingPathComponent(name))) ?? Data()
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(name) holds the password")
        }
        await server.stop()
    }
}
