// `mxc://` URLs are checked strictly: server names `[A-Za-z0-9._:-]`, media ids `[A-Za-z0-9_-]`; dots, slashes,
// escapes and empty parts are refused with a sentence; scheme and server are lower-cased in the key.
import Foundation
import SchemeLoader
import Testing

@Suite struct MatrixMediaURLValidationTests {
    private func refusal(_ text: String) -> LoadError? {
        guard let url = URL(string: text) else { return .malformedURL(text) }
        do {
            _ = try MatrixMediaURL(url: url)
            return nil
        } catch {
            return error as? LoadError
        }
    }

    @Test func givenUppercaseSchemeAndServer_whenParsed_thenTheyAreLowerCasedButTheMediaIDIsKept() throws {
        let media = try MatrixMediaURL(url: URL(string: "MXC://Example.ORG:8448/AbC_d-9")!)
        #expect(media.url.absoluteString == "mxc://example.org:8448/AbC_d-9")
        #expect(media.server == "example.org:8448")
        #expect(media.mediaID == "AbC_d-9")
        #expect(media.thumbnail == nil)
    }

    @Test func givenDotsSlashesEscapesAndEmptyParts_whenParsed_thenEachIsRefusedNamingThePart() {
        for text in ["mxc://example.org/../etc", "mxc://example.org/a/b", "mxc://example.org/a%2Fb", "mxc://ex%41mple.org/abc",
                     "mxc://example.org/", "mxc:///abc", "mxc://example.org", "mxc://exa..mple.org/abc", "mxc://.example.org/abc",
                     "mxc://example.org/a.b", "mxc://example.org/abc#x", "mxc://user@example.org/abc", "mxc://a:b:c/abc",
                     "mxc://example.org:/abc", "mxc://example.org:99999/abc", "mxc://example.org:x/abc"] {
            let error = refusal(text)
            if case .malformedURL? = error { continue }  // not even a URL for Foundation: refused before us
            guard case .invalidParameter(_, _, let reason)? = error else {
                Issue.record("\(text) was not refused as an invalid parameter: \(String(describing: error))")
                continue
            }
            #expect(!reason.isEmpty)
        }
        #expect(refusal("mxc://example.org/../etc")?.description.contains("media id") == true)
        #expect(refusal("mxc://exa..mple.org/abc")?.description.contains("server") == true)
    }

    @Test func givenBadSizes_whenParsed_thenTheyAreRefused() {
        #expect(refusal("mxc://example.org/abc?width=0&height=10") != nil)
        #expect(refusal("mxc://example.org/abc?width=-5&height=10") != nil)
        #expect(refusal("mxc://example.org/abc?width=10") == .missingParameter(name: "height", url: "mxc://example.org/abc?width=10"))
        #expect(refusal("mxc://example.org/abc?width=10&height=10&method=crop") != nil)
        #expect(refusal("mxc://example.org/abc?width=1000000000000000000000&height=10") != nil)
        #expect(refusal("mxc://example.org/abc?width=10&width=20&height=10") != nil)
        #expect(refusal("https://example.org/abc") != nil)
    }

    @Test func givenAnAcceptedURL_whenItsKeyIsParsedAgain_thenTheKeyIsTheSame() throws {
        for text in ["mxc://Example.org/abc", "mxc://h:1/x?width=500&height=5", "mxc://a.b/c?width=31&height=2"] {
            let key = try MatrixMediaURL(url: URL(string: text)!).url
            #expect(try MatrixMediaURL(url: key).url == key)
        }
    }
}
