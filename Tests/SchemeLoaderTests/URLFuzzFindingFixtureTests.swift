// Every URL the fuzzers (or their properties, by hand) found stays as a fixture
// (Tests/Fixtures/urls/fuzz-findings.tsv) and keeps the fuzz-url properties: a typed error or a stable key.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct URLFuzzFindingFixtureTests {
    static let findings: [String] = {
        let file = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/urls/fuzz-findings.tsv")
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
    }()

    /// Runs `parse`: the value, or nil after checking that the error is a `LoadError`.
    private func accepted<T>(_ text: String, _ parse: () throws -> T) -> T? {
        do {
            return try parse()
        } catch {
            #expect(error is LoadError, "\(text): \(error)")
            return nil
        }
    }

    @Test func theFixtureIsThere() {
        #expect(Self.findings.count >= 4)
    }

    @Test(arguments: findings) func everyParserGivesATypedErrorOrAStableKey(text: String) throws {
        // Given a URL that once broke a fuzz property
        let url = try #require(URL(string: text))
        // When every parser reads it, Then it is refused with a LoadError or its canonical form is stable
        if let map = accepted(text, { try MapSnapshotURL(url: url) }) {
            #expect(accepted(text, { try MapSnapshotURL(url: map.url) })?.url == map.url)
        }
        if let asset = accepted(text, { try AssetURL(url: url) }) {
            #expect(accepted(text, { try AssetURL(url: asset.url) })?.url == asset.url)
        }
        if let canonical = accepted(text, { try URLCanonicalizer.standard(url) }) {
            #expect(accepted(text, { try URLCanonicalizer.standard(canonical) }) == canonical)
        }
        if let canonical = accepted(text, { try URLCanonicalizer.http(url) }) {
            #expect(accepted(text, { try URLCanonicalizer.http(canonical) }) == canonical)
        }
    }
}
