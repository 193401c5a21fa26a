// HomeserverAddressTests: what a typed homeserver means — a domain to discover, or a URL — and what is refused.
import Foundation
import Matrix
import Testing

@Suite struct HomeserverAddressTests {
    @Test(arguments: [
        ("example.org", HomeserverAddress.domain("example.org")),
        ("Matrix.Example.ORG", .domain("matrix.example.org")),
        ("localhost:8448", .domain("localhost:8448")),
        ("https://matrix.example.org/", .url(URL(string: "https://matrix.example.org")!)),
        ("HTTP://127.0.0.1:8008", .url(URL(string: "http://127.0.0.1:8008")!)),
        ("https://example.org/matrix//", .url(URL(string: "https://example.org/matrix")!)),
    ])
    func givenAHomeserverText_whenParsed_thenItIsADomainOrAURL(text: String, expected: HomeserverAddress) throws {
        #expect(try HomeserverAddress(text) == expected)
    }

    @Test(arguments: ["", "ftp://example.org", "https://", "exa mple.org", "https://example.org/?a=1", "-example.org", "exämple.org"])
    func givenSomethingElse_whenParsed_thenItIsRefusedWithASentence(text: String) {
        let error = #expect(throws: MatrixError.self) { try HomeserverAddress(text) }
        #expect(error?.description.contains("is not a homeserver") == true)
    }

    @Test func givenAURLWithAPassword_whenRefused_thenTheErrorLeavesThePasswordOut() {
        let error = #expect(throws: MatrixError.self) { try HomeserverAddress("https://alice:hunter2@example.org/?x=1") }
        #expect(error?.description.contains("hunter2") == false)
    }

    @Test func givenADomain_whenAskedWhereDiscoveryStarts_thenItIsHTTPSAtTheDomain() throws {
        #expect(try HomeserverAddress("example.org").origin == URL(string: "https://example.org")!)
    }
}
