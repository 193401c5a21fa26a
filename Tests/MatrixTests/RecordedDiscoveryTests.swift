// RecordedDiscoveryTests: a domain's `/.well-known/matrix/client` decides the base URL; without one the
// address itself is used; a broken one is an error that says so.
import Foundation
import Matrix
import Testing

@Suite struct RecordedDiscoveryTests {
    @Test func givenAWellKnown_whenDiscoveringTheDomain_thenItsBaseURLIsCheckedAndUsed() async throws {
        let transport = RecordedTransport([
            "/.well-known/matrix/client": .recorded("well-known.json"),
            "/_matrix/client/versions": .recorded("versions.json"),
        ])
        let base = try await MatrixClient(transport: transport).discover(HomeserverAddress("example.org"))
        #expect(base == URL(string: "https://matrix.example.org")!)
        #expect(transport.received.map(\.url.absoluteString) == [
            "https://example.org/.well-known/matrix/client", "https://matrix.example.org/_matrix/client/versions",
        ])
        #expect(transport.received.first?.followsRedirects == true)
    }

    @Test func givenNoWellKnown_whenDiscoveringTheDomain_thenTheDomainItselfIsTheHomeserver() async throws {
        let transport = RecordedTransport([
            "/.well-known/matrix/client": .text("not found", status: 404),
            "/_matrix/client/versions": .recorded("versions.json"),
        ])
        let base = try await MatrixClient(transport: transport).discover(HomeserverAddress("example.org"))
        #expect(base == URL(string: "https://example.org")!)
    }

    @Test func givenAWellKnownThatIsNotJSON_whenDiscovering_thenTheErrorNamesTheDomain() async throws {
        let transport = RecordedTransport(["/.well-known/matrix/client": .recorded("not-matrix.html")])
        let error = await #expect(throws: MatrixError.self) {
            try await MatrixClient(transport: transport).discover(HomeserverAddress("example.org"))
        }
        #expect(error == .invalidWellKnown(domain: "https://example.org", reason: "its /.well-known/matrix/client is not the expected JSON"))
    }

    @Test func givenAWellKnownWithABadBaseURL_whenDiscovering_thenTheErrorQuotesIt() async throws {
        let transport = RecordedTransport(["/.well-known/matrix/client": .text(#"{"m.homeserver": {"base_url": "gopher://x"}}"#)])
        let error = await #expect(throws: MatrixError.self) {
            try await MatrixClient(transport: transport).discover(HomeserverAddress("example.org"))
        }
        #expect(error?.description == #"the Matrix address that https://example.org publishes cannot be used ("gopher://x" is not an http(s) URL)"#)
    }

    @Test func givenARecordedVersions_whenRead_thenTheSpecVersionsAreListed() async throws {
        let transport = RecordedTransport(["/_matrix/client/versions": .recorded("versions.json")])
        let versions = try await MatrixClient(transport: transport).versions(at: recordedBase)
        #expect(versions.versions.contains("v1.15"))
        #expect(versions.unstableFeatures?["org.matrix.msc3881"] == true)
    }
}
