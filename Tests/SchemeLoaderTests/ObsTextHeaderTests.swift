// ObsTextHeaderTests: a header value with obs-text (bytes 0x80–0xFF) or a DEL byte does not fail the
// whole response — nor its revalidation, whose validators are sent back only when they can be (issue 36).
import Foundation
@testable import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct ObsTextHeaderTests {
    private let picture = Data((0..<8_000).map { UInt8($0 % 241) })

    @Test func obsTextInHeaderValuesDoesNotFailTheLoadNorItsRevalidation() async throws {
        // Given a picture whose headers carry obs-text (UTF-8 "é" is two obs-text bytes, 0xC3 0xA9)
        let server = try await TestHTTPServer(routes: ["/p.png": .respond(headers: [
            ("Cache-Control", "max-age=0, x-note=\"caf\u{E9}\""), ("ETag", "\"v\u{E9}1\""), ("X-Title", "Caf\u{E9}"),
            ("Content-Type", "image/png"),
        ], body: picture)])
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()])
        // When it is loaded, and loaded again once stale (a revalidation sending its entity tag back)
        let first = try await loader.data(for: server.url("/p.png"))
        let second = try await loader.data(for: server.url("/p.png"))
        // Then both succeed, and the response's rules were read
        #expect(first.data == picture && second.data == picture)
        #expect(first.response.mimeType == "image/png")
        #expect(server.requestCount("/p.png") == 2 && server.conditionalRequestCount("/p.png") == 1)
        await loader.shutdown()
        await server.stop()
    }

    @Test func aDELInAHeaderValueFailsOnlyAsATypedNetworkError() async throws {
        // RFC 9110 §5.5: a CTL such as DEL makes a field value invalid; a recipient MAY keep it for robustness.
        // SwiftNIO's parser (llhttp, strict, no lenient switch exposed through AsyncHTTPClient) rejects the
        // whole response: known, and at least a typed error naming the cause, never a wrong picture.
        let server = try await TestHTTPServer(routes: ["/p.png": .respond(headers: [("X-Title", "a\u{7F}b")], body: picture)])
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()])
        await withKnownIssue("SwiftNIO's HTTP parser refuses a DEL in a field value") {
            _ = try await loader.data(for: server.url("/p.png"))
        }
        await loader.shutdown()
        await server.stop()
    }

    @Test func aValidatorWithAControlCharacterIsNotSentBack() {
        let cached = CachedResponse(response: LoadResponse(validators: CacheValidators(
            entityTag: "\"v\u{7F}1\"", lastModified: "Fri, 15 Jan 2027 08:00:00 GMT")), data: Data())
        let sent = HTTPSchemeHandler.validatorHeaders(of: cached)
        #expect(sent.map(\.0) == ["If-Modified-Since"])
    }
}
