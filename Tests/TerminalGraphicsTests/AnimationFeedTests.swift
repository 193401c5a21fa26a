// AnimationFeedTests: an animation's frames are a URL of the loader (`ThumbnailURL.frames(of:box:)`) — the frames so
// far are the load's preview, the first alone, then as they grow (never copying them all n times); a feed plays them
// from the first on and ends with them all;
// a second feed takes them from the memory cache, two at once share one load; a still picture is no animation.
import Foundation
import SchemeLoader
import TerminalGraphics
import TestSupport
import Testing
import Thumbnails

@Suite struct AnimationFeedTests {
    private static let fixtures = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging")
    private let box = ThumbnailBox(columns: 30, rows: 15, mode: .kitty)
    private let thousandFrames = URL(string: "mock://pictures/frames-632x632x1000.gif")!
    private let still = URL(string: "mock://pictures/quadrants-32x24.webp")!

    /// A loader serving the fixtures above, its thumbnail stage counting encodes in `reports`, working on `workers`.
    private func loader(reports: Locked<Int> = Locked(0), workers: WorkerPool = .shared) throws -> SchemeLoader {
        let mock = MockSchemeHandler()
        mock.stub(thousandFrames, with: MockResponse(data: try Data(contentsOf: Self.fixtures.appendingPathComponent("bad/frames-632x632x1000.gif")), mimeType: "image/gif"))
        mock.stub(still, with: MockResponse(data: try Data(contentsOf: Self.fixtures.appendingPathComponent("good/quadrants-32x24.webp")), mimeType: "image/webp"))
        let stage = ThumbnailSchemeHandler(encoder: ThumbnailEncoder(), observer: { _ in reports.withLock { $0 += 1 } }, workers: workers)
        return try SchemeLoader(handlers: [mock, stage])
    }

    @Test func theFramesLoadReportsTheFramesSoFarAsTheyGrowTheFirstAlone() async throws {
        let loader = try loader()
        var counts: [Int] = [], final: AnimatedThumbnail?
        for try await event in loader.events(for: LoadRequest(url: ThumbnailURL.frames(of: thousandFrames, box: box).url)) {
            switch event {
            case .progress(let progress):
                if let preview = progress.preview { counts.append(try #require(AnimatedThumbnail(encoded: preview)).frames.count) }
            case .completed(let loaded): final = AnimatedThumbnail(encoded: loaded.data)
            }
        }
        // The first frame alone first, then the first eight one at a time, then each time they grew by a quarter;
        // the whole animation only as the result
        let all = try #require(final)
        #expect(all.isComplete && all.frames.count > 20)
        let expected = sequence(first: 1) { $0 + max(1, $0 / 4) }.prefix { $0 < all.frames.count }
        #expect(counts == Array(expected))
        #expect(counts.prefix(8) == [1, 2, 3, 4, 5, 6, 7, 8])
        // so the previews together hold a few times the animation's frames, not hundreds of times
        #expect(counts.reduce(0, +) <= 5 * all.frames.count, "\(counts.reduce(0, +)) frames in previews for \(all.frames.count)")
    }

    @Test func aFeedShowsItsFirstFrameThenTheRestFollowsUntilItEnds() async throws {
        let feed = AnimationFeed(thousandFrames, for: box, loader: try loader(), priority: .high)
        let first = try #require(await feed.firstFrame())
        #expect(first.frames.count >= 1 && first.gaps.count > 1)
        let all = try #require(await feed.ending())
        #expect(all.isComplete && all.frames.count == first.gaps.count)
        if case .kitty(_, let columns, let rows) = all.frames[0] { #expect((columns, rows) == (all.columns, all.rows)) }
        else { Issue.record("not a kitty frame: \(all.frames[0])") }
    }

    @Test func aStillPictureIsNoAnimationAndItsFramesLoadSaysSo() async throws {
        let loader = try loader()
        let feed = AnimationFeed(still, for: box, loader: loader, priority: .high)
        #expect(await feed.firstFrame() == nil)
        #expect(feed.current.ended)
        let error = await #expect(throws: LoadError.self) { try await loader.data(for: ThumbnailURL.frames(of: still, box: box).url) }
        #expect(error.map { String(describing: $0) }?.contains("quadrants-32x24.webp is not an animation") == true)
    }

    @Test func aSecondFeedOfTheSameFramesIsServedByTheMemoryCacheWithoutEncoding() async throws {
        let reports = Locked(0)
        let loader = try loader(reports: reports)
        let made = try #require(await AnimationFeed(thousandFrames, for: box, loader: loader, priority: .high).ending())
        #expect(reports.withLock { $0 } == 1)
        // When the same frames are asked again
        let again = AnimationFeed(thousandFrames, for: box, loader: loader, priority: .high)
        // Then they are there at once, whole, and nothing was encoded again
        #expect(again.current.ended)
        #expect(again.current.animation == made)
        #expect(reports.withLock { $0 } == 1)
        #expect(loader.statistics(for: ThumbnailURL.scheme).memoryHits == 1)
    }

    @Test func twoFeedsOfTheSameFramesAtOnceShareOneLoad() async throws {
        // Given one worker, held, so that both asks come while the first waits for it
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let reports = Locked(0)
        let loader = try loader(reports: reports, workers: workers)
        let hold = try await WorkerHold.holding(workers)
        let one = AnimationFeed(thousandFrames, for: box, loader: loader, priority: .normal)
        let other = AnimationFeed(thousandFrames, for: box, loader: loader, priority: .high)
        #expect(await eventually { workers.statistics.waiting == 1 })
        try await hold.release()
        // Then one load made the frames both play
        let a = try #require(await one.ending()), b = try #require(await other.ending())
        #expect(a == b && a.isComplete)
        #expect(reports.withLock { $0 } == 1)
        #expect(loader.statistics(for: ThumbnailURL.scheme).coalesced == 1)
    }
}
