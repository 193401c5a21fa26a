// AnimationFeedWorkTests: an animation's frames are made as the work of their load, frame by frame, at its priority —
// they wait behind more urgent work; cancelled while they wait they never run; cancelled between two frames, the
// frames still to come are never made.
import Dispatch
import Foundation
import SchemeLoader
import TestSupport
import Testing
import Thumbnails

@Suite struct AnimationFeedWorkTests {
    private static let fixtures = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging")
    private let threeFrames = URL(string: "mock://pictures/three-frames-16x16.gif")!
    private let thousandFrames = URL(string: "mock://pictures/frames-632x632x1000.gif")!
    private let box = ThumbnailBox(columns: 8, rows: 4, mode: .symbols)

    /// A loader of the two GIFs whose thumbnail stage works on `workers`.
    private func loader(workers: WorkerPool) throws -> SchemeLoader {
        let mock = MockSchemeHandler()
        mock.stub(threeFrames, with: MockResponse(data: try Data(contentsOf: Self.fixtures.appendingPathComponent("good/three-frames-16x16.gif")), mimeType: "image/gif"))
        mock.stub(thousandFrames, with: MockResponse(data: try Data(contentsOf: Self.fixtures.appendingPathComponent("bad/frames-632x632x1000.gif")), mimeType: "image/gif"))
        return try SchemeLoader(handlers: [mock, ThumbnailSchemeHandler(encoder: ThumbnailEncoder(), workers: workers)])
    }

    @Test func anAnimationsFramesWaitBehindMoreUrgentWork() async throws {
        // Given one worker, held, an animation's frames asked at a low priority, then a visible row's work
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let feed = AnimationFeed(threeFrames, for: box, loader: try loader(workers: workers), priority: .low)
        #expect(await eventually { workers.statistics.waiting == 1 })
        let framesSeenByTheUrgentWork = Task {
            try await workers.run(at: WorkPriority(.high)) { feed.current.animation?.frames.count ?? 0 }
        }
        #expect(await eventually { workers.statistics.waiting == 2 })
        // When the worker is let go
        try await hold.release()
        // Then the urgent work ran first, before any frame was made; and the animation follows with every frame
        #expect(try await framesSeenByTheUrgentWork.value == 0)
        let first = try #require(await feed.firstFrame())
        #expect(await feed.ending()?.frames.count == 3 && first.gaps == [70, 150, 100])
    }

    @Test func anAnimationCancelledWhileItWaitsNeverRunsAndEndsWithoutFrames() async throws {
        // Given one worker, held, and an animation's frames asked
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let feed = AnimationFeed(threeFrames, for: box, loader: try loader(workers: workers), priority: .veryHigh)
        #expect(await eventually { workers.statistics.waiting == 1 })
        // When the view stops it
        feed.cancel()
        // Then its work leaves the queue unrun, and the feed has ended with nothing
        #expect(await eventually { workers.statistics.withdrawn == 1 && feed.current.ended })
        #expect(feed.current.animation == nil)
        #expect(await feed.firstFrame() == nil)
        try await hold.release()
        #expect(workers.statistics.started == 1)
    }

    @Test func anAnimationCancelledBetweenTwoFramesMakesNoMore() async throws {
        // Given the 1,000-frame GIF playing at a low priority on one worker, held by urgent work after its first frame
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let loader = try loader(workers: workers)
        let feed = AnimationFeed(thousandFrames, for: box, loader: loader, priority: .low)
        let first = try #require(await feed.firstFrame())
        let hold = try await WorkerHold.holding(workers)
        // When the view stops it while its next frame waits for the worker
        feed.cancel()
        #expect(await eventually { feed.current.ended })
        try await hold.release()
        #expect(await eventually { loader.statistics.inFlight == 0 })
        // Then no frame is made after that: the one waiting (if it was queued yet) is withdrawn, and the frames still to
        // come are never queued
        let made = try #require(feed.current.animation).frames.count
        #expect(made < first.gaps.count)
        #expect(workers.statistics.withdrawn <= 1)
        let encodesRun = workers.statistics.started - 3  // the header's read, the decoding, the hold
        #expect(encodesRun >= made && encodesRun <= made + 1)  // (+1: a frame made just as the view stopped)
    }
}
