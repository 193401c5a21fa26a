// A row whose thumbnail is on disk shows it in the frame the row appears — no placeholder frame,
// even during a fast scroll.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct DiskHitSameFrameTests {
    @Test func aDiskHitIsDrawnInTheFrameTheRowAppears() async throws {
        // Given rows 0…39 on disk from an earlier run, and a restarted loader (memory empty)
        let folder = try TemporaryDirectory()
        let configuration = SchemeLoaderConfiguration(diskDirectory: folder.url)
        let earlier = try SchemeLoader(handlers: [MockSchemeHandler()], configuration: configuration)
        for row in 0..<40 { _ = try await earlier.data(for: UIFixtures.url(row)) }
        await earlier.shutdown()
        let mock = MockSchemeHandler()
        let loader = try SchemeLoader(handlers: [mock], configuration: configuration)
        let clock = ManualClock()
        var listConfiguration = ListView.Configuration()
        listConfiguration.prefetchEnabled = false  // only the bind itself may fetch the picture
        let list = ListView(loader: loader, rowCount: 40, visibleCount: 5, configuration: listConfiguration,
                            now: { clock.now }, url: UIFixtures.url)
        var placeholdersSeen = 0
        list.onCellChange = { _, cell in if cell.content.isPlaceholder { placeholdersSeen += 1 } }

        // When it scrolls fast (a row every 10 ms), and each step is checked before anything else runs
        for step in 1...30 {
            clock.advance(by: .milliseconds(10))
            list.scroll(toTop: step)
            // Then every visible row already shows its picture from disk: the frame drawn now has no white spot
            #expect(list.placeholderCount.placeholders == 0, "step \(step)")
            for row in list.visibleRange {
                guard case .image(let data, let source)? = list.cell(forRow: row)?.content else {
                    Issue.record("row \(row) is not drawn at step \(step)"); continue
                }
                #expect(source == .disk || source == .memory)
                #expect(data == Data(UIFixtures.url(row).absoluteString.utf8))
            }
        }
        #expect(placeholdersSeen == 0)
        #expect(mock.totalLoads == 0, "no handler ran for a row that was on disk")
    }

    @Test func aLargeDiskEntryIsReadInTheBackgroundInstead() async throws {
        // Given a disk entry larger than the cell's synchronous read limit
        let folder = try TemporaryDirectory()
        let configuration = SchemeLoaderConfiguration(diskDirectory: folder.url)
        let big = MockSchemeHandler()
        big.stubAll(with: MockResponse(data: Data(count: 4096)))
        let earlier = try SchemeLoader(handlers: [big], configuration: configuration)
        _ = try await earlier.data(for: UIFixtures.url(1))
        await earlier.shutdown()
        let mock = MockSchemeHandler()
        let loader = try SchemeLoader(handlers: [mock], configuration: configuration)
        // When a cell with a 1 KiB limit binds it
        let cell = ImageCell(loader: loader, diskReadLimit: 1024)
        cell.show(UIFixtures.url(1))
        // Then it shows a placeholder first and the disk copy once the loader has read it — never the handler
        #expect(cell.content.isPlaceholder)
        #expect(await UIFixtures.eventually { if case .image(_, .disk) = cell.content { true } else { false } })
        #expect(mock.totalLoads == 0)
    }
}
