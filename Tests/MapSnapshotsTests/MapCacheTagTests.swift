// MapCacheTagTests: maps drawn from archives other than the shipped ones have other cache keys — the
// handler's `tiles` token is in every canonical URL, follows the files' versions, and nothing else sets it.
import Foundation
import MapSnapshots
import SchemeLoader
import TestSupport
import Testing

@Suite struct MapCacheTagTests {
    @Test("Given a handler with a cache tag and one without, then only the tagged one's canonical URLs carry it")
    func canonicalURLsCarryTheTag() throws {
        let url = try #require(URL(string: "map://?latitude=60&longitude=25&tiles=forged"))
        let tag = MapSchemeHandler.cacheTag(for: [PMTilesFixture.helsinki])
        let tagged = try MapSchemeHandler(tilesFiles: [PMTilesFixture.helsinki], cacheTag: tag).canonicalURL(for: url)
        let shipped = try MapSchemeHandler(tilesFiles: [MapTestFiles.world]).canonicalURL(for: url)
        #expect(tagged.absoluteString.contains("tiles=\(tag)"))
        #expect(!shipped.absoluteString.contains("tiles="), "a URL's own token is dropped: \(shipped)")
        #expect(try MapSnapshotURL(url: tagged).tiles == tag)
    }

    @Test("Given the same archives, other archives, or a file rewritten in place, then the tag is the same only for the same versions")
    func tagFollowsTheFiles() throws {
        let folder = try TemporaryDirectory()
        let copy = folder.appending("streets.pmtiles")
        try FileManager.default.copyItem(at: PMTilesFixture.helsinki, to: copy)
        let before = MapSchemeHandler.cacheTag(for: [copy])
        #expect(MapSchemeHandler.cacheTag(for: [copy]) == before)
        #expect(MapSchemeHandler.cacheTag(for: [MapTestFiles.world, copy]) != before)
        #expect(MapSchemeHandler.cacheTag(for: [try #require(URL(string: "https://tiles.example/a.pmtiles"))]) != before)
        try Data(contentsOf: PMTilesFixture.helsinki).prefix(1000).write(to: copy)
        #expect(MapSchemeHandler.cacheTag(for: [copy]) != before)
    }

    @Test("Given a tiles token that is not letters and digits, then the URL is refused naming it")
    func badToken() throws {
        let url = try #require(URL(string: "map://?latitude=60&longitude=25&tiles=a%2Fb"))
        #expect(throws: LoadError.self) { try MapSnapshotURL(url: url) }
    }
}
