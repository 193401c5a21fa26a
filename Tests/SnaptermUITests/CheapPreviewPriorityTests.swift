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
    /// The URLs started after the single slot frees, in order, for a list scrolled down 10 rows (a held key)
    /// while the slot is held by a load waiting at a gate.
    private func startsAfterAScroll(cheapPreviews: Bool) async throws -> [URL] {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data([1]), gate: gate))
        var loaderConfiguration = SchemeLoaderConfiguration()
        loaderConfiguration.maxConcurrentLoads = 1
        let loader = try SchemeLoader(handlers: [mock], configuration: loaderConfiguration)
        let clock = ManualClock()
        var configuration = ListView.Configuration()
        configuration.prefetchDistance = 3
        configuration.cheapPreviews = cheapPreviews
        // (the one slot is taken by a load outside the list, which no scroll cancels: nothing starts until the gate opens)
        let holder = loader.load(URL(string: "mock://holder")!) { _ in }
        #expect(await UIFixtures.eventually { mock.startedURLs.count == 1 }, "the one slot is taken")
        let list = ListView(loader: loader, rowCount: 200, visibleCount: 2, configuration: configuration, now: { clock.now },
                            preview: { URL(string: "mock://previews/\($0)") }, url: UIFixtures.url)
        for step in 1...10 {
            clock.advance(by: .milliseconds(20))
            list.scroll(toTop: step)
        }
        let before = mock.startedURLs.count
        gate.open()
        #expect(await UIFixtures.eventually { mock.startedURLs.count >= before + 3 })
        _ = holder
        return Array(mock.startedURLs.dropFirst(before))
    }

    @Test func aCheapPreviewOfAVisibleRowGoesBeforeThePrefetchWhileScrolling() async throws {
        let started = try await startsAfterAScroll(cheapPreviews: true)
        #expect(started.first?.host == "previews", "started first: \(started.prefix(3))")
        #expect([URL(string: "mock://previews/10"), URL(string: "mock://previews/11")].contains(started.first))
    }

    @Test func otherwiseThePrefetchGoesFirstWhileScrolling() async throws {
        let started = try await startsAfterAScroll(cheapPreviews: false)
        #expect(started.first?.host == "rows", "started first: \(started.prefix(3))")
        #expect((12...40).contains(Int(started.first?.lastPathComponent ?? "") ?? -1), "a row about to appear")
    }
}
