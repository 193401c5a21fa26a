// ThumbnailCachingTests: thumb:// output is cached — a second load is a memory hit; sixel survives a new loader on disk.
import Foundation
import Imaging
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct ThumbnailCachingTests {
    private let source = URL(string: "mock://photos/card.png")!

    /// One loader of the mock's pictures and their thumbnails, with its disk cache in `disk`.
    private func makeLoader(_ mock: MockSchemeHandler, disk: URL) throws -> SchemeLoader {
        try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(encoder: ThumbnailEncoder())],
                         configuration: SchemeLoaderConfiguration(diskDirectory: disk))
    }

    private func stubbedMock() async throws -> MockSchemeHandler {
        let png = try await OffPool.run { try ImageProcessor().encode(TestImages.card(width: 120, height: 80), as: .png) }
        let mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: png, mimeType: "image/png"))
        return mock
    }

    @Test(arguments: [GraphicsMode.sixel, .symbols, .ascii])
    func aSecondLoadIsAMemoryHit(mode: GraphicsMode) async throws {
        let folder = try TemporaryDirectory()
        let mock = try await stubbedMock()
        let thumbnails = try makeLoader(mock, disk: folder.url)
        let url = ThumbnailURL(source: source, box: ThumbnailBox(columns: 12, rows: 4, mode: mode)).url
        // When the same thumbnail is loaded twice
        let first = try await thumbnails.data(for: url)
        let second = try await thumbnails.data(for: url)
        // Then the first is encoded by the handler, the second comes from memory, identical
        #expect(first.source == .handler && second.source == .memory)
        #expect(first.data == second.data)
        #expect(mock.totalLoads == 1)
        let picture = try #require(TerminalPicture(encoded: second.data))
        switch (mode, picture) {
        case (.sixel, .sixel), (.symbols, .text), (.ascii, .text): break
        default: Issue.record("\(mode) produced \(picture)")
        }
        await thumbnails.shutdown()
    }

    @Test func sixelIsADiskHitForANewLoaderAndTextArtIsNot() async throws {
        let folder = try TemporaryDirectory()
        let mock = try await stubbedMock()
        let sixel = ThumbnailURL(source: source, box: ThumbnailBox(columns: 12, rows: 4, mode: .sixel)).url
        let symbols = ThumbnailURL(source: source, box: ThumbnailBox(columns: 12, rows: 4, mode: .symbols)).url
        let first = try makeLoader(mock, disk: folder.appending("cache"))
        let encoded = try await first.data(for: sixel)
        _ = try await first.data(for: symbols)
        await first.shutdown()
        // A new process: a new loader over the same disk folder
        let second = try makeLoader(mock, disk: folder.appending("cache"))
        let again = try await second.data(for: sixel)
        #expect(again.source == .disk && again.data == encoded.data)
        let text = try await second.data(for: symbols)
        #expect(text.source == .handler)
        await second.shutdown()
    }

    @Test func theKeyHoldsTheBoxTheModeAndThePalette() throws {
        let box = ThumbnailBox(columns: 30, rows: 10, cellWidth: 6, cellHeight: 13, mode: .sixel, palette: .fixed)
        let url = ThumbnailURL(source: source, box: box).url
        #expect(try ThumbnailURL(url: url).box == box)
        let adaptive = ThumbnailURL(source: source, box: ThumbnailBox(columns: 30, rows: 10, cellWidth: 6, cellHeight: 13,
                                                                       mode: .sixel, palette: .adaptive)).url
        #expect(url != adaptive)
        // The text-art colour depth is in the key of symbols only
        let ascii = ThumbnailBox(columns: 30, rows: 10, mode: .ascii, colors: .ansi16)
        #expect(!ThumbnailURL(source: source, box: ascii).url.absoluteString.contains("colors"))
        #expect(ThumbnailURL(source: source, box: ThumbnailBox(columns: 3, rows: 1, mode: .symbols, colors: .ansi16))
            .url.absoluteString.contains("colors=16"))
    }

    @Test func aCorruptSourceIsATypedError() async throws {
        let mock = MockSchemeHandler()
        mock.stub(source, with: MockResponse(data: Data("\u{FF}\u{D8}\u{FF} not really a jpeg".utf8)))
        let folder = try TemporaryDirectory()
        let thumbnails = try makeLoader(mock, disk: folder.url)
        await #expect(throws: (any Error).self) {
            try await thumbnails.data(for: ThumbnailURL(source: source, box: ThumbnailBox(columns: 4, rows: 2, mode: .ascii)).url)
        }
        await thumbnails.shutdown()
    }
}
