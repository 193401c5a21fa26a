// `snapterm fetch`: bytes out for any registered scheme, one-line errors and a non-zero exit otherwise.
import Foundation
import TestSupport
import Testing

@Suite struct FetchCommandTests {
    @Test func fetchWritesTheBytesOfAFileURL() async throws {
        let folder = try TemporaryDirectory()
        let bytes = Data((0..<3000).map { UInt8($0 % 256) })
        try bytes.write(to: folder.appending("pic.bin"))
        let output = try await CommandRunner.run(
            ["fetch", "-o", folder.appending("copy.bin").path, "--stats", folder.appending("pic.bin").absoluteString],
            environment: ["SNAPTERM_FILE_ROOTS": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status == 0)
        #expect(try Data(contentsOf: folder.appending("copy.bin")) == bytes)
        #expect(output.stderr.contains("source=handler"))
        #expect(output.stderr.contains("bytes=3000"))
    }

    @Test(arguments: [
        ("file:///etc/passwd", "outside the allowed folders"),
        ("gopher://example.org/x", "unsupported URL scheme 'gopher'"),
        ("http://127.0.0.1:1/x", "network error"),
        ("not a file", "no such readable file"),
    ])
    func failuresAreOneLineOnStandardErrorAndANonZeroExit(url: String, message: String) async throws {
        let folder = try TemporaryDirectory()
        let output = try await CommandRunner.run(["fetch", url], environment: [
            "SNAPTERM_FILE_ROOTS": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status != 0)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(output.stderr.contains(message))
    }

    @Test func controlCharactersInErrorsAreMadeVisible() async throws {
        let folder = try TemporaryDirectory()
        let output = try await CommandRunner.run(["fetch", "file://\(folder.url.path)/\u{1B}]0;pwned\u{07}.png"], environment: [
            "SNAPTERM_FILE_ROOTS": folder.url.path, "XDG_CACHE_HOME": folder.appending("cache").path])
        #expect(output.status != 0)
        #expect(!output.stderr.contains("\u{1B}"))
        #expect(!output.stderr.contains("\u{07}"))
    }

    @Test func versionAndHelpWork() async throws {
        let version = try await CommandRunner.run(["--version"])
        #expect(version.status == 0)
        #expect(String(decoding: version.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try await CommandRunner.run(["--help"])
        #expect(String(decoding: help.stdout, as: UTF8.self).contains("fetch"))
    }
}

/// `fetch` over https trusts the authority SSL_CERT_FILE names, as curl does, and says in one sentence why a
/// certificate was refused otherwise.
@Suite struct FetchTrustedAuthorityTests {
    @Test func fetchTrustsTheAuthorityOfSSLCertFileAndRefusesAnUnknownOneInOneSentence() async throws {
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let body = Data("picture bytes".utf8)
        let server = try await TestHTTPServer(routes: ["/p.bin": .respond(body: body)], tls: tls)
        let url = server.url("/p.bin").absoluteString
        let cache = folder.appending("cache").path
        let trusted = try await CommandRunner.run(["fetch", url], environment: ["SSL_CERT_FILE": tls.certificate, "XDG_CACHE_HOME": cache])
        let refused = try await CommandRunner.run(["fetch", url], environment: ["XDG_CACHE_HOME": folder.appending("cache2").path])
        await server.stop()
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout == body)
        #expect(refused.status != 0)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(refused.stderr.contains("127.0.0.1:\(server.port) was not trusted"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(".build") && !refused.stderr.contains("BoringSSL"), "\(refused.stderr)")
    }
}
