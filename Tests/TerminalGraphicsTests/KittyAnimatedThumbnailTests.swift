// An animated thumbnail (`anim=1`) in a kitty box is every frame of an animated GIF, one blob kitty plays
// (KittyAnimatedPicture), its first frame reported as the load's preview while the others are made; a still
// picture stays a still kitty picture; the flag means nothing in other modes.
import Foundation
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct KittyAnimatedThumbnailTests {
    private let fixtures = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good")
    private let kitty = ThumbnailBox(columns: 6, rows: 3, mode: .kitty)

    /// The thumbnail of `file` (a fixture) for `box`, made through one loader of a mock serving it.
    private func thumbnail(of file: String, box: ThumbnailBox, animated: Bool) async throws -> Data {
        let source = URL(string: "mock://pictures/\(file)")!
        let mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: try Data(contentsOf: fixtures.appendingPathComponent(file)), mimeType: "image/gif"))
        let thumbnails = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(encoder: ThumbnailEncoder())])
        return try await thumbnails.data(for: ThumbnailURL(source: source, box: box, animated: animated).url).data
    }

    @Test func anAnimatedGIFInAKittyBoxIsEveryFrameWithItsGaps() async throws {
        let blob = try await thumbnail(of: "three-frames-16x16.gif", box: kitty, animated: true)
        let animation = try #require(KittyAnimatedPicture(encoded: blob))
        #expect(animation.frames.count == 3 && animation.gaps == [70, 150, 100] && animation.loopCount == 0)
        // the same cells as its still thumbnail
        let still = try #require(TerminalPicture(encoded: try await thumbnail(of: "three-frames-16x16.gif", box: kitty, animated: false)))
        guard case .kitty(_, let columns, let rows) = still else { Issue.record("not a kitty picture: \(still)"); return }
        #expect((animation.columns, animation.rows) == (columns, rows))
    }

    @Test func aStillPictureOrAnotherModeIsAStillPicture() async throws {
        let png = try await thumbnail(of: "coffee-160x120.png", box: kitty, animated: true)
        #expect(KittyAnimatedPicture(encoded: png) == nil)
        if case .kitty? = TerminalPicture(encoded: png) {} else { Issue.record("not a still kitty picture") }
        let symbols = ThumbnailBox(columns: 6, rows: 3, mode: .symbols)
        #expect(!ThumbnailURL(source: URL(string: "mock://a.gif")!, box: symbols, animated: true).animated)
        #expect(!ThumbnailURL(source: URL(string: "mock://a.gif")!, box: symbols, animated: true).url.absoluteString.contains("anim"))
        let text = try await thumbnail(of: "three-frames-16x16.gif", box: symbols, animated: true)
        if case .text? = TerminalPicture(encoded: text) {} else { Issue.record("not text art") }
        // and the flag round-trips through the URL in kitty mode
        let url = ThumbnailURL(source: URL(string: "mock://a.gif")!, box: kitty, animated: true).url
        #expect(try ThumbnailURL(url: url).animated)
    }

    @Test func anAnimatedThumbnailReportsItsFirstFrameAsAPreviewBeforeItsFrames() async throws {
        // Given the 3-frame GIF (red first) served to a thumbnail loader
        let source = URL(string: "mock://pictures/three-frames-16x16.gif")!
        let mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: try Data(contentsOf: fixtures.appendingPathComponent("three-frames-16x16.gif")), mimeType: "image/gif"))
        let thumbnails = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(encoder: ThumbnailEncoder())])
        // When its animated kitty thumbnail loads to the end
        var previews: [Data] = [], final: Data?
        for try await event in thumbnails.events(for: LoadRequest(url: ThumbnailURL(source: source, box: kitty, animated: true).url)) {
            switch event {
            case .progress(let progress): if let preview = progress.preview { previews.append(preview) }
            case .completed(let loaded): final = loaded.data
            }
        }
        // Then its first frame came first, as a still kitty picture, the same as the animation's first frame
        let animation = try #require(final.flatMap { KittyAnimatedPicture(encoded: $0) })
        #expect(previews.count == 1)
        #expect(previews.first.flatMap { TerminalPicture(encoded: $0) } == animation.picture)
    }
}
