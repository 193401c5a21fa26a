// ScrollBenchFixtures: app states over mock handlers for the benchmark's counting tests.
import Foundation
import SchemeLoader
import ScrollBench
import SnaptermUI
import TerminalGraphics
import TestSupport
import Thumbnails

@MainActor
enum ScrollBenchFixtures {
    /// An 80 × 30 terminal: 28 body rows, 5 terminal rows per place (4-row thumbnails), so 5 places visible.
    static var setup: ScrollBenchmark.Setup {
        var setup = ScrollBenchmark.Setup()
        setup.rows = 30
        setup.columns = 80
        setup.settleTimeout = .seconds(30)
        return setup
    }

    static let places = (0..<40).map {
        Place(name: "Town \($0)", country: "XX", latitude: Double($0), longitude: 10, population: 1_000 * $0)
    }

    /// A sixel exactly covering a 16 × 4-cell box of 8 × 16-pixel cells (128 × 60 pixels).
    static let picture = TerminalPicture.sixel(Data("\u{1B}Pq\"1;1;128;60#0;2;0;0;100#0!128~\u{1B}\\".utf8))

    /// A state whose thumbnails come from `thumbnails` (a `thumb` mock answering `picture` at once).
    static func state(thumbnails: MockSchemeHandler, diskDirectory: URL?) throws -> AppState {
        thumbnails.stubAll(with: MockResponse(data: picture.encoded))
        let loader = try SchemeLoader(handlers: [thumbnails, MockSchemeHandler(scheme: "map")],
                                      configuration: SchemeLoaderConfiguration(diskDirectory: diskDirectory))
        return AppState(loader: loader, graphics: .sixel,
                        cellSize: (8, 16), places: places)
    }

    /// The thumbnail URL of `row`, as the benchmark's places screen makes it.
    static func url(row: Int, state: AppState) -> URL? {
        ScrollBenchmark.placesScreen(for: state, setup: setup).thumbnailURL(row: row)
    }

    /// The preview URL of `row` (text art standing in while the sixel loads), as the places screen makes it.
    static func previewURL(row: Int, state: AppState) -> URL? {
        ScrollBenchmark.placesScreen(for: state, setup: setup).previewURL(row: row)
    }
}
