// A list whose previews cost next to nothing (a gallery's EXIF thumbnails) starts a visible row's preview before the
// prefetch even while scrolling: a blank box is filled at once. Other lists keep their previews behind the prefetch
// while scrolling (a preview there shares its row's costly source).
import Foundation
import SchemeLoader
import SnaptermUI
import TestSupport
import Testing

@MainActor
@Suite struct CheapPreviewPriorityTests {
    /// The URLs whose work ran once the single worker was let go, in order, for a list scrolled down 10 rows (a held
    /// key) while the worker was held.
    private func startsAfterAScroll(cheapPreviews: Bool) async throws -> [URL] {
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let mock = MockSchemeHandler(workers: workers)
        mock.stubAll(with: MockResponse(data: Data([1])))
        let loader = try SchemeLoader(handlers: [mock])
        let clock = ManualClock()
        var configuration = ListView.Configuration()
        configuration.prefetchDistance = 3
        configuration.cheapPreviews = cheapPreviews
        configuration.loadsInFlight = 1
        // (the one worker is held: no load's work runs until it is let go)
        let hold = try await WorkerHold.holding(workers)
        let list = ListView(loader: loader, rowCount: 200, visibleCount: 2, configuration: configuration, now: { clock.now },
                            preview: { URL(string: "mock://previews/\($0)") }, url: UIFixtures.url)
        for step in 1...10 {
            clock.advance(by: .milliseconds(20))
            list.scroll(toTop: step)
        }
        #expect(await UIFixtures.eventually {
            loader.statistics.inFlight > 0 && workers.statistics.waiting == loader.statistics.inFlight
        }, "every load's work waits for the worker")
        try await hold.release()
        #expect(await UIFixtures.eventually { mock.workedURLs.count >= 3 })
        _ = list
        return mock.workedURLs
    }

    @Test func aCheapPreviewOfAVisibleRowGoesBeforeThePrefetchWhileScrolling() async throws {
        let started = try await startsAfterAScroll(cheapPreviews: true)
        #expect(started.first?.host == "previews", "started first: \(started.prefix(3))")
        #expect([URL(string: "mock://previews/10"), URL(string: "mock://previews/11")].contains(started.first))
    }

    @Test func otherwiseThePrefetchGoesFirstWhileScrolling() async throws {
        let started = try await startsAfterAScroll(cheapPreviews: false)
        #expect(started.first?.host == "rows", "started first: \(started.prefix(3))")
        // (a row about to appear, or the visible row that arrived last: it stays a screen's time)
        #expect((11...40).contains(Int(started.first?.lastPathComponent ?? "") ?? -1), "a row's picture")
    }
}
