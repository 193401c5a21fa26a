// A host holding an escaped percent sign (`%25`) is refused by name: Foundation cannot write it back,
// so the canonical key used to name another host and change on every pass (found by Fuzz/fuzz-url).
import Foundation
import SchemeLoader
import Testing

@Suite struct EscapedHostTests {
    private func refusal(_ canonicalize: (URL) throws -> URL, _ text: String) throws -> LoadError? {
        let url = try #require(URL(string: text))
        do {
            _ = try canonicalize(url)
            return nil
        } catch {
            return error as? LoadError
        }
    }

    @Test func theHTTPFormRefusesAHostWithAnEscapedPercent() throws {
        // Given the URLs libFuzzer found and one made by hand
        for text in ["https://example.org%253asset://?", "http://%25acrop=", "https://a%2541.org/x"] {
            // When the http form is made, Then the host is named in a typed error
            guard case .invalidParameter(let name, let value, _)? = try refusal(URLCanonicalizer.http, text) else {
                Issue.record("\(text) was not refused as a bad host")
                continue
            }
            #expect(name == "host")
            #expect(value.contains("%25"), "\(text): \(value)")
        }
    }

    @Test func theStandardFormRefusesItToo() throws {
        // Given a custom-scheme URL whose host holds %25
        // When the standard form is made, Then it is refused instead of keyed as host `a%41`
        #expect(try refusal(URLCanonicalizer.standard, "mem://a%2541/x") != nil)
    }

    @Test func ordinaryAndEscapedLetterHostsStillCanonicalize() throws {
        // Given hosts in upper case, with an escaped letter, and internationalized
        // When canonicalized, Then they are lower-cased (the escaped letter decoded), stable on a second pass
        let cases = ["https://EXAMPLE.org:443/a": "https://example.org/a", "https://ex%41mple.org": "https://example.org/"]
        for (text, expected) in cases {
            let canonical = try URLCanonicalizer.http(#require(URL(string: text)))
            #expect(canonical.absoluteString == expected)
            #expect(try URLCanonicalizer.http(canonical) == canonical)
        }
        #expect(try URLCanonicalizer.standard(#require(URL(string: "MEM://Host/x?b=1&a=2"))).absoluteString == "mem://host/x?a=2&b=1")
    }
}
