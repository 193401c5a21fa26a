// Query escapes that are not UTF-8 text (`%de`) are refused by name — never decoded to an empty name or
// a missing value that would give distinct URLs one cache key (found by Fuzz/fuzz-url).
import Foundation
import SchemeLoader
import Testing

@Suite struct UndecodableQueryTests {
    private func refusal(_ parse: () throws -> Any) -> LoadError? {
        do {
            _ = try parse()
            return nil
        } catch {
            return error as? LoadError
        }
    }

    @Test func standardFormRefusesAnUndecodableItemInsteadOfDroppingIt() throws {
        // Given the URL libFuzzer found, whose only query item does not decode
        let url = try #require(URL(string: "map:%01%00%00%00%00%00%00%00/,?laiut%de"))
        // When it is canonicalized
        let error = refusal { try URLCanonicalizer.standard(url) }
        // Then the item is named in a typed error (it used to vanish from the key)
        guard case .invalidParameter(let name, _, let reason)? = error else {
            Issue.record("expected invalidParameter, got \(String(describing: error))")
            return
        }
        #expect(name == "laiut%de")
        #expect(reason.contains("UTF-8"))
    }

    @Test func distinctURLsNoLongerShareAKey() throws {
        // Given a URL whose value does not decode and one with no value at all
        let broken = try #require(URL(string: "mem://x?b=2&a=%de"))
        let bare = try #require(URL(string: "mem://x?b=2&a"))
        // When both are canonicalized
        // Then the broken one is refused and the bare one keeps its own key
        #expect(refusal { try URLCanonicalizer.standard(broken) } != nil)
        #expect(try URLCanonicalizer.standard(bare).absoluteString == "mem://x?a&b=2")
    }

    @Test func typedParsersNameTheParameterWithTheBadEscape() throws {
        // Given map and asset URLs with an undecodable value
        let map = try #require(URL(string: "map://?latitude=%de&longitude=1"))
        let asset = try #require(URL(string: "asset://?id=p%ff"))
        // When they are parsed, Then the error names the parameter and the escape, not an empty value
        #expect(refusal { try MapSnapshotURL(url: map) } == .invalidParameter(
            name: "latitude", value: "%de", reason: "percent escapes that do not decode to UTF-8 text"))
        #expect(refusal { try AssetURL(url: asset) } == .invalidParameter(
            name: "id", value: "p%ff", reason: "percent escapes that do not decode to UTF-8 text"))
    }

    @Test func validEscapesStillDecode() throws {
        // Given UTF-8 escapes and a literal percent sign
        let url = try #require(URL(string: "mem://x?name=caf%C3%A9&b=%25"))
        // When canonicalized, Then they decode and are re-encoded in one spelling
        #expect(try URLCanonicalizer.standard(url).absoluteString == "mem://x?b=%25&name=caf%C3%A9")
        #expect(try AssetURL(url: #require(URL(string: "asset://?id=caf%C3%A9"))).id == "café")
    }
}
