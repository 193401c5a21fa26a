// `byterange://` URLs: one canonical key per range of one version, bad values named.
import Foundation
import SchemeLoader
import Testing

@Suite struct ByteRangeURLTests {
    @Test func spellingsOfOneRangeShareOneKeyAndTheVersionIsPartOfIt() throws {
        // Given one range written two ways, and the same range of another version
        let one = try ByteRangeURL(archive: URL(string: "HTTPS://Example.ORG:443/world.pmtiles#z")!, offset: 16_384, length: 512,
                                   version: "\"abc\"")
        let two = try ByteRangeURL(archive: URL(string: "https://example.org/world.pmtiles")!, offset: 16_384, length: 512,
                                   version: "\"abc\"")
        let other = try ByteRangeURL(archive: URL(string: "https://example.org/world.pmtiles")!, offset: 16_384, length: 512,
                                     version: "\"abd\"")

        // Then the first two are one key, the other version another, and a key parses back to its range
        #expect(one.url == two.url)
        #expect(one.url != other.url)
        #expect(try ByteRangeURL(url: one.url) == one)
        #expect(try HTTPSchemeHandler().canonicalURL(for: one.url) == one.url)
        #expect(one.lastByte == 16_895)
    }

    @Test func badValuesAreNamed() throws {
        let archive = URL(string: "https://example.org/a.pmtiles")!
        #expect(throws: LoadError.invalidParameter(name: "length", value: "0", reason: "must be between 1 and 1073741824")) {
            try ByteRangeURL(archive: archive, offset: 0, length: 0)
        }
        #expect(throws: LoadError.self) { try ByteRangeURL(archive: URL(string: "ftp://example.org/a")!, offset: 0, length: 1) }
        #expect(throws: LoadError.missingParameter(name: "offset", url: "byterange://?length=5&src=https://example.org/")) {
            try ByteRangeURL(url: URL(string: "byterange://?length=5&src=https://example.org/")!)
        }
        #expect(throws: LoadError.self) { try ByteRangeURL(url: URL(string: "byterange://?length=5&offset=-1&src=https://a.org/")!) }
        #expect(throws: LoadError.self) { try ByteRangeURL(url: URL(string: "byterange://?length=5&offset=1&src=https://a.org/&x=1")!) }
    }
}
