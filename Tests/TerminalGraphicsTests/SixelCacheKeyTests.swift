// SixelCacheKeyTests: a sixel thumbnail's key names the encoder's version, so a copy an older encoder cached
// (libsixel's purple skies) is never shown again; other modes' keys do not change.
import Foundation
import TerminalGraphics
import Testing
import Thumbnails

@Suite struct SixelCacheKeyTests {
    private let source = URL(string: "file:///photos/storm.jpg")!

    @Test func givenASixelBoxWhenItsKeyIsMadeThenItNamesTheEncoderVersion() throws {
        let url = ThumbnailURL(source: source, box: ThumbnailBox(columns: 30, rows: 10, mode: .sixel)).url
        #expect(url.absoluteString.contains("enc=\(SixelEncoder.version)"), "\(url)")
        // An older key (no version, or another one) parses and is made anew under the current version
        var components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: false))
        components.queryItems = components.queryItems?.filter { $0.name != "enc" }
        let old = try #require(components.url)
        #expect(!old.absoluteString.contains("enc="))
        #expect(try ThumbnailURL(url: old).url == url)
    }

    @Test func givenAKittyBoxWhenItsKeyIsMadeThenItHasNoSixelVersion() {
        let url = ThumbnailURL(source: source, box: ThumbnailBox(columns: 30, rows: 10, mode: .kitty)).url
        #expect(!url.absoluteString.contains("enc="), "\(url)")
    }
}
