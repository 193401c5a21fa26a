// The image cell: memory hits draw at bind time, reuse cancels, late results are dropped.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct ImageCellTests {
    @Test func aMemoryHitIsDrawnAtBindTimeWithNoPlaceholder() async throws {
        let mock = MockSchemeHandler()
        let loader = try UIFixtures.loader(mock)
        _ = try await loader.data(for: UIFixtures.url(1))
        let cell = ImageCell(loader: loader)
        var seen: [ImageCellContent] = []
        cell.onChange = { seen.append($0.content) }
        cell.show(UIFixtures.url(1))
        #expect(seen.count == 1)
        #expect(seen.allSatisfy { !$0.isPlaceholder })
        guard case .image(_, let source) = cell.content else { Issue.record("no image"); return }
        #expect(source == .memory)
    }

    @Test func aMissShowsAPlaceholderWithProgressThenThePicture() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(count: 100), chunks: 4, delay: .milliseconds(5)))
        let cell = ImageCell(loader: try UIFixtures.loader(mock))
        var fractions: [Double] = []
        cell.onChange = { if case .placeholder(let f?) = $0.content { fractions.append(f) } }
        cell.show(UIFixtures.url(1))
        #expect(cell.content.isPlaceholder)
        #expect(await UIFixtures.eventually { if case .image = cell.content { true } else { false } })
        #expect(!fractions.isEmpty)
        #expect(fractions == fractions.sorted())
    }

    @Test func reuseCancelsTheLoad() async throws {
        let mock = MockSchemeHandler()
        // Held at a gate that never opens: the load is running until it is cancelled, however loaded the machine
        mock.stubAll(with: MockResponse(data: Data(count: 100), gate: Gate()))
        let cell = ImageCell(loader: try UIFixtures.loader(mock))
        cell.show(UIFixtures.url(1))
        #expect(await UIFixtures.eventually { mock.activeLoads == 1 })
        cell.prepareForReuse()
        #expect(cell.content == .empty)
        #expect(await UIFixtures.eventually { mock.cancelledLoads == 1 })
    }

    @Test func aLateResultForAnEarlierURLIsDropped() async throws {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stub(UIFixtures.url(1), with: MockResponse(data: Data("first".utf8), gate: gate))
        mock.stub(UIFixtures.url(2), with: MockResponse(data: Data("second".utf8)))
        let loader = try UIFixtures.loader(mock)
        // Another caller keeps the first load alive after the cell lets go of it.
        let keeper = loader.load(UIFixtures.url(1)) { _ in }
        let cell = ImageCell(loader: loader)
        cell.show(UIFixtures.url(1))
        cell.show(UIFixtures.url(2))
        #expect(await UIFixtures.eventually { cell.content == .image(data: Data("second".utf8), source: .handler) })
        gate.open()
        #expect(await UIFixtures.settled(loader))
        #expect(cell.url == UIFixtures.url(2))
        #expect(cell.content == .image(data: Data("second".utf8), source: .handler))
        keeper.cancel()
    }

    @Test func aFailureShowsAShortReason() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(), error: .httpStatus(code: 404, url: "mock://rows/1")))
        let cell = ImageCell(loader: try UIFixtures.loader(mock))
        cell.show(UIFixtures.url(1))
        #expect(await UIFixtures.eventually { if case .failed = cell.content { true } else { false } })
        guard case .failed(let reason) = cell.content else { return }
        #expect(reason == "not found")
    }
}
