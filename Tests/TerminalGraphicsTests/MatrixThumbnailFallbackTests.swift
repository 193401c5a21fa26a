// MatrixThumbnailFallbackTests: when the server made no thumbnail of an `mxc://` file (it cannot scale it), the
// thumbnail stage makes the picture from the whole file; cancellations and unreachable servers are not retried.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct MatrixThumbnailFallbackTests {
    @Test func givenAServerWithoutAThumbnailOfIt_whenItsThumbnailIsLoaded_thenTheWholeFileIsUsed() async throws {
        // Given an mxc:// stand-in whose thumbnail sizes fail (the server made none) and whose whole file is a PNG
        let png = try await OffPool.run { try ImageProcessor().encode(TestImages.card(width: 120, height: 80), as: .png) }
        let mock = MockSchemeHandler(scheme: "mxc") { try MatrixMediaURL(url: $0).url }
        mock.stubAll(with: MockResponse(data: Data(), error: .httpStatus(code: 400, url: "mxc://example.org/abc?height=240&width=320")))
        mock.stub(URL(string: "mxc://example.org/abc")!, with: MockResponse(data: png, mimeType: "image/png"))
        let thumbnails = try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(encoder: ThumbnailEncoder())])

        // When its thumbnail for a small box is loaded
        let box = ThumbnailBox(columns: 16, rows: 5, mode: .symbols)
        let result = try await thumbnails.data(for: ThumbnailURL(source: URL(string: "mxc://example.org/abc")!, box: box).url)

        // Then the thumbnail was asked first, then the whole file made the picture
        #expect(mock.startedURLs.map(\.absoluteString) == ["mxc://example.org/abc?height=240&width=320", "mxc://example.org/abc"])
        #expect(!result.data.isEmpty)
        #expect(ThumbnailSource.mayFallBack(after: LoadError.network(reason: "refused", url: "mxc://a/b")) == false)
        #expect(ThumbnailSource.mayFallBack(after: CancellationError()) == false)
        await thumbnails.shutdown()
    }
}
