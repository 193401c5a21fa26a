// UIFixtures: a controllable clock and a mock-backed loader for headless UI tests.
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport

/// A clock the test moves by hand.
@MainActor
final class ManualClock {
    private(set) var now = ContinuousClock.now
    func advance(by duration: Duration) { now = now + duration }
}

enum UIFixtures {
    static func url(_ row: Int) -> URL { URL(string: "mock://rows/\(row)")! }

    /// The lines a conversation screen draws into `area` (on a canvas reaching the area's bottom).
    @MainActor
    static func lines(of screen: ConversationScreen, in area: CellRect) -> [String] {
        let canvas = MemoryCanvas(rows: area.row + area.rows, columns: area.columns)
        _ = screen.draw(on: canvas, area: area, options: DrawOptions())
        return canvas.lines
    }

    static func loader(_ mock: MockSchemeHandler) throws -> SchemeLoader {
        try SchemeLoader(handlers: [mock])
    }

    /// A 500-row list of 5 visible rows over a mock whose loads wait at `gate` (so every load still running is
    /// visible to the handler), prefetching `minimum` to `maximum` rows, loads assumed to cost 40 ms with 32 in flight
    /// at once, on `clock`.
    @MainActor
    static func gatedList(gate: Gate, clock: ManualClock, minimum: Int, maximum: Int) throws
        -> (list: ListView, mock: MockSchemeHandler, loader: SchemeLoader) {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data([1]), gate: gate))
        var configuration = ListView.Configuration()
        configuration.prefetchDistance = minimum
        configuration.maximumPrefetchDistance = maximum
        configuration.initialLoadCost = .milliseconds(40)
        configuration.loadsInFlight = 32
        let loader = try loader(mock)
        let list = ListView(loader: loader, rowCount: 500, visibleCount: 5, configuration: configuration, now: { clock.now }, url: url)
        return (list, mock, loader)
    }

    /// Waits until `loaders` have no load in flight, then lets the main actor run what their last results
    /// queued there (a cell's delivery): after it, a result that was going to land has landed. A state to wait
    /// for instead of a sleep before asserting that something did not happen.
    @MainActor
    static func settled(_ loaders: SchemeLoader...) async -> Bool {
        guard await eventually({ loaders.allSatisfy { $0.statistics.inFlight == 0 } }) else { return false }
        for _ in 0..<3 { await Task.yield() }
        return true
    }

    /// Polls (yielding to the main actor) until `condition` holds.
    @MainActor
    static func eventually(timeout: Duration = .seconds(60), _ condition: () -> Bool) async -> Bool {
        await TestSupport.eventually(timeout: timeout, condition)
    }
}
