// MatrixThumbnailSourceTests: a thumbnail of a whole `mxc://` picture asks the loader for the server's
// pre-made thumbnail that holds its box, not the full file; animations, previews and sized sources stay as given.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct MatrixThumbnailSourceTests {
    @Test func givenAWholeMxcPicture_whenItsThumbnailIsLoaded_thenTheBaseLoaderIsAskedForTheSnappedThumbnail() async throws {
        // Given an mxc:// stand-in handler serving a PNG for any URL
        let png = try await OffPool.run { try ImageProcessor().encode(TestImages.card(width: 120, height: 80), as: .png) }
        let mock = MockSchemeHandler(scheme: "mxc") { try MatrixMediaURL(url: $0).url }
        mock.stubAll(with: MockResponse(data: png, mimeType: "image/png"))
        let thumbnails = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(encoder: ThumbnailEncoder())])

        // When a 16×5-cell box (128×80 px) of the whole picture is loaded
        let box = ThumbnailBox(columns: 16, rows: 5, mode: .symbols)
        _ = try await thumbnails.data(for: ThumbnailURL(source: URL(string: "mxc://Example.org/abc")!, box: box).url)

        // Then the loader fetched the 320×240 thumbnail, never the file
        #expect(mock.startedURLs.map(\.absoluteString) == ["mxc://example.org/abc?height=240&width=320"])
        await thumbnails.shutdown()
    }

    @Test func givenBoxesAndSources_whenChoosingWhatToLoad_thenOnlyWholeMxcStillsAreSized() throws {
        let whole = URL(string: "mxc://example.org/abc")!
        let small = ThumbnailBox(columns: 16, rows: 5, mode: .symbols)
        let huge = ThumbnailBox(columns: 200, rows: 60, mode: .kitty)
        #expect(ThumbnailSource.loaded(for: ThumbnailURL(source: whole, box: small)).absoluteString == "mxc://example.org/abc?height=240&width=320")
        #expect(ThumbnailSource.loaded(for: ThumbnailURL(source: whole, box: huge)) == whole)
        #expect(ThumbnailSource.loaded(for: ThumbnailURL(source: whole, box: small, fromEmbeddedThumbnail: true)) == whole)
        let kitty = ThumbnailBox(columns: 16, rows: 5, mode: .kitty)
        #expect(ThumbnailSource.loaded(for: ThumbnailURL(source: whole, box: kitty, animated: true)) == whole)
        let sized = URL(string: "mxc://example.org/abc?height=32&width=32")!
        #expect(ThumbnailSource.loaded(for: ThumbnailURL(source: sized, box: small)) == sized)
        let web = URL(string: "https://example.org/abc.jpg")!
        #expect(ThumbnailSource.loaded(for: ThumbnailURL(source: web, box: small)) == web)
    }
}
