// AnimationFeedWorkTests: a viewer's animation is encoded as work on the workers at the viewer's priority — it waits
// behind more urgent work, and cancelled while it waits it never runs and ends with no frames.
import Dispatch
import Foundation
import SchemeLoader
import TestSupport
import Testing
import Thumbnails

@Suite struct AnimationFeedWorkTests {
    private let gif = CommandRunner.repositoryRoot.appendingPathComponent("Tests/Fixtures/imaging/good/three-frames-16x16.gif")
    private let box = ThumbnailBox(columns: 8, rows: 4, mode: .symbols)

    @Test func anAnimationsFramesWaitBehindMoreUrgentWork() async throws {
        // Given one worker, held, an animation's frames queued for it at a low priority, then a visible row's work
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let feed = AnimationFeed(try Data(contentsOf: gif), for: box, encoder: ThumbnailEncoder(), workers: workers,
                                 priority: WorkPriority(.low))
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
        var state = feed.current
        while !state.ended { state = feed.wait(forMoreThan: state.animation?.frames.count ?? 0) }
        #expect(state.animation?.frames.count == 3 && first.gaps.count == 3)
    }

    @Test func anAnimationCancelledWhileItWaitsNeverRunsAndEndsWithoutFrames() async throws {
        // Given one worker, held, and an animation's frames queued for it
        let workers = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = try await WorkerHold.holding(workers)
        let feed = AnimationFeed(try Data(contentsOf: gif), for: box, encoder: ThumbnailEncoder(), workers: workers,
                                 priority: WorkPriority(.veryHigh))
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
}
