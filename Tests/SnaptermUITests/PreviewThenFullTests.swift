// A preview stands in while the full picture loads; the full picture replaces it and is never
// replaced by it; a late preview or picture for an earlier binding never lands in a reused cell.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct PreviewThenFullTests {
    private static let full = URL(string: "mock://rows/full")!
    private static let preview = URL(string: "mock://rows/preview")!

    @Test func aPreviewIsShownThenReplacedByTheFullPicture() async throws {
        // Given a full picture and a preview that each wait for their own gate
        let fullGate = Gate(), previewGate = Gate()
        let mock = MockSchemeHandler()
        mock.stub(Self.full, with: MockResponse(data: Data("full".utf8), gate: fullGate))
        mock.stub(Self.preview, with: MockResponse(data: Data("preview".utf8), gate: previewGate))
        let cell = ImageCell(loader: try UIFixtures.loader(mock))
        var seen: [ImageCellContent] = []
        cell.onChange = { seen.append($0.content) }
        // When the cell binds both
        cell.show(Self.full, preview: Self.preview)
        #expect(cell.content.isPlaceholder)
        // and the preview lands first
        previewGate.open()
        #expect(await UIFixtures.eventually { cell.content == .preview(data: Data("preview".utf8)) })
        // Then the full picture replaces it when it lands
        fullGate.open()
        #expect(await UIFixtures.eventually { cell.content == .image(data: Data("full".utf8), source: .handler) })
        #expect(seen == [.placeholder(fraction: nil), .preview(data: Data("preview".utf8)),
                         .image(data: Data("full".utf8), source: .handler)])
    }

    @Test func aPreviewLandingAfterTheFullPictureIsDropped() async throws {
        // Given a preview that is slower than the full picture, kept alive by another caller
        let previewGate = Gate()
        let mock = MockSchemeHandler()
        mock.stub(Self.full, with: MockResponse(data: Data("full".utf8)))
        mock.stub(Self.preview, with: MockResponse(data: Data("preview".utf8), gate: previewGate))
        let loader = try UIFixtures.loader(mock)
        let keeper = loader.load(Self.preview) { _ in }
        let cell = ImageCell(loader: loader)
        var seen: [ImageCellContent] = []
        cell.onChange = { seen.append($0.content) }
        // When the full picture lands first and the preview afterwards
        cell.show(Self.full, preview: Self.preview)
        #expect(await UIFixtures.eventually { if case .image = cell.content { true } else { false } })
        previewGate.open()
        #expect(await UIFixtures.eventually { mock.loadCount(for: Self.preview) == 1 })
        #expect(await UIFixtures.settled(loader))
        // Then the cell still shows the full picture, and never showed the preview after it
        #expect(cell.content == .image(data: Data("full".utf8), source: .handler))
        #expect(!seen.contains(.preview(data: Data("preview".utf8))))
        keeper.cancel()
    }

    @Test func aLatePreviewForAnEarlierRowNeverLandsInTheReusedCell() async throws {
        // Given a cell bound to row 1 whose preview is slow (and kept alive by another caller)
        let previewGate = Gate(), fullGate = Gate()
        let mock = MockSchemeHandler()
        let earlierPreview = URL(string: "mock://rows/1-preview")!
        mock.stub(earlierPreview, with: MockResponse(data: Data("row 1 preview".utf8), gate: previewGate))
        mock.stub(UIFixtures.url(1), with: MockResponse(data: Data("row 1".utf8), gate: fullGate))
        mock.stub(UIFixtures.url(2), with: MockResponse(data: Data("row 2".utf8), gate: fullGate))
        let loader = try UIFixtures.loader(mock)
        let keepers = [loader.load(earlierPreview) { _ in }, loader.load(UIFixtures.url(1)) { _ in }]
        let cell = ImageCell(loader: loader)
        cell.show(UIFixtures.url(1), preview: earlierPreview)
        // When the cell is reused for row 2 (no preview) and row 1's preview and picture land afterwards
        cell.show(UIFixtures.url(2))
        previewGate.open()
        #expect(await UIFixtures.eventually { mock.loadCount(for: earlierPreview) == 1 })
        // (row 1's picture still waits at its gate: settled means its preview was delivered wherever it goes)
        #expect(await UIFixtures.eventually { loader.statistics.inFlight == 2 })
        for _ in 0..<3 { await Task.yield() }
        // Then the cell shows row 2's placeholder, then row 2's picture — nothing of row 1
        #expect(cell.content.isPlaceholder)
        fullGate.open()
        #expect(await UIFixtures.eventually { cell.content == .image(data: Data("row 2".utf8), source: .handler) })
        #expect(cell.url == UIFixtures.url(2))
        keepers.forEach { $0.cancel() }
    }
}
