// Canonical keys: URLs that mean the same picture share one key; URLs that differ do not.
import Foundation
import SchemeLoader
import Testing

@Suite struct CanonicalKeyTests {
    private func mapKey(_ text: String) throws -> String {
        try MapSnapshotURL(url: #require(URL(string: text))).url.absoluteString
    }

    @Test func mapURLsWithReorderedAndRespelledNumbersAreOneKey() throws {
        #expect(try mapKey("map://?longitude=30.3&latitude=59.9") == mapKey("map://?latitude=59.90&longitude=30.30"))
        #expect(try mapKey("MAP://?latitude=+59.900&longitude=30.3&zoom=10.0") == mapKey("map://?latitude=59.9&longitude=30.3"))
    }

    @Test func mapDefaultsAreFilledIn() throws {
        let key = try mapKey("map://?latitude=59.935634&longitude=30.325935")
        #expect(key == "map://?height=200&latitude=59.935634&longitude=30.325935&pin=true&style=light&width=320&zoom=10")
    }

    @Test func differentMapParametersAreDifferentKeys() throws {
        #expect(try mapKey("map://?latitude=59.9&longitude=30.3") != mapKey("map://?latitude=59.9&longitude=30.31"))
        #expect(try mapKey("map://?latitude=59.9&longitude=30.3&width=64") != mapKey("map://?latitude=59.9&longitude=30.3&width=1920"))
        #expect(try mapKey("map://?latitude=59.9&longitude=30.3&style=dark") != mapKey("map://?latitude=59.9&longitude=30.3"))
    }

    @Test func assetDefaultsAndRotationNormalise() throws {
        let a = try AssetURL(url: #require(URL(string: "asset://?id=a7f3&rotate=450&crop=0.10,0.1,0.8,0.80")))
        let b = try AssetURL(url: #require(URL(string: "asset://?crop=0.1,0.1,0.8,0.8&rotate=90&id=a7f3&filter=none")))
        #expect(a.url == b.url)
        #expect(a.url.absoluteString == "asset://?crop=0.1,0.1,0.8,0.8&filter=none&id=a7f3&mode=fit&rotate=90")
    }

    @Test func assetEditsChangeTheKey() throws {
        let plain = try AssetURL(id: "a7f3", width: 320)
        var mono = plain
        mono.filter = .mono
        #expect(plain.url != mono.url)
    }

    @Test func httpKeysLowercaseSchemeAndHostButKeepTheQuery() throws {
        let url = try URLCanonicalizer.http(#require(URL(string: "HTTPS://Example.ORG:443/a/B.jpg?v=1.10&a=2#frag")))
        #expect(url.absoluteString == "https://example.org/a/B.jpg?v=1.10&a=2")
        let bare = try URLCanonicalizer.http(#require(URL(string: "http://example.org")))
        #expect(bare.absoluteString == "http://example.org/")
    }

    @Test func standardFormSortsQueryAndRespellsNumbers() throws {
        let a = try URLCanonicalizer.standard(#require(URL(string: "Mock://Host/x?b=2.50&a=1")))
        let b = try URLCanonicalizer.standard(#require(URL(string: "mock://host/x?a=1.0&b=2.5")))
        #expect(a == b)
        #expect(a.absoluteString == "mock://host/x?a=1&b=2.5")
    }

    @Test func numbersHaveOneSpelling() {
        #expect(CanonicalNumber.spell(59.90) == "59.9")
        #expect(CanonicalNumber.spell(-0.0) == "0")
        #expect(CanonicalNumber.spell(30) == "30")
        #expect(CanonicalNumber.spell(0.0000001) == "0.0000001")
        #expect(CanonicalNumber.spell(59.93563400000001) == "59.935634")
        #expect(CanonicalNumber.parseDouble("nan") == nil)
        #expect(CanonicalNumber.parseDouble("0x10") == nil)
        #expect(CanonicalNumber.parseDouble(" 1") == nil)
        #expect(CanonicalNumber.parseDouble(".5") == 0.5)
        #expect(CanonicalNumber.parseDouble("1e3") == 1000)
    }
}
