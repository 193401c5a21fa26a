// UntrustedCertificateTests: HTTPS is verified — a server whose certificate no authority signed is not a
// homeserver Snapterm talks to, and the error says why.
import Foundation
import Matrix
import TestSupport
import Testing

@Suite struct UntrustedCertificateTests {
    @Test func givenAServerWithASelfSignedCertificate_whenDiscoveringIt_thenItIsRefusedNamingTheCertificate() async throws {
        let folder = try TemporaryDirectory()
        let tls = try await OffPool.run { try TestCertificate.make(in: folder) }
        let versions = try Data(contentsOf: CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/matrix/versions.json"))
        let server = try await TestHTTPServer(routes: ["/_matrix/client/versions": .respond(body: versions)], tls: tls)
        let address = try HomeserverAddress(server.url("/").absoluteString)
        let error = await #expect(throws: MatrixError.self) { try await MatrixClient().discover(address) }
        await server.stop()
        #expect(server.requestCount("/_matrix/client/versions") == 0)
        guard case .unreachable(let url, let reason) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(url == address.origin.absoluteString)
        #expect(reason.hasPrefix("its certificate could not be verified"), "\(reason)")
    }
}
