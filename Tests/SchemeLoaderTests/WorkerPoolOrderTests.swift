// WorkerPool: a free thread takes the most urgent waiting work — a visible row's before prefetches queued
// earlier, a prefetch whose row became visible before the others — and cancelled work never runs.
import Dispatch
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct WorkerPoolOrderTests {
    /// A one-thread pool whose thread is held until `release()`, and the names of the jobs run after.
    private final class HeldPool: Sendable {
        let pool = WorkerPool(threads: 1, nicenessIncrement: 0)
        let ran = Locked<[String]>([])
        private let hold = DispatchSemaphore(value: 0)
        private let holding: Task<Void, any Error>

        init() async throws {
            let held = DispatchSemaphore(value: 0)
            holding = Task { [pool, hold] in try await pool.run { held.signal(); hold.wait() } }
            try await OffPool.run { held.wait() }  // the thread is taken: every job from now on waits
        }

        /// Queues a job named `name` at `priority` and returns once it waits.
        func queue(_ name: String, at priority: WorkPriority) async -> Task<Void, any Error> {
            let before = pool.statistics.waiting
            let job = Task { [pool, ran] in try await pool.run(at: priority) { ran.withLock { $0.append(name) } } }
            #expect(await eventually { pool.statistics.waiting == before + 1 })
            return job
        }

        func release() async throws {
            hold.signal()
            try await holding.value
        }
    }

    @Test func aVisibleRowsWorkRunsBeforePrefetchesQueuedFirst() async throws {
        // Given a pool busy with other work, and two prefetches queued
        let held = try await HeldPool()
        let prefetches = [await held.queue("prefetch 1", at: WorkPriority(.low)),
                          await held.queue("prefetch 2", at: WorkPriority(.low))]
        // When a visible row's work is queued after them and the thread frees
        let visible = await held.queue("visible", at: WorkPriority(.high))
        try await held.release()
        for job in prefetches + [visible] { try await job.value }
        // Then the visible row's work ran next, then the prefetches in the order they came
        #expect(held.ran.withLock { $0 } == ["visible", "prefetch 1", "prefetch 2"])
        #expect(held.pool.statistics.waiting == 0)
    }

    @Test func aPriorityRaisedWhileWaitingMovesTheWorkAhead() async throws {
        // Given two prefetches waiting for the pool's thread
        let held = try await HeldPool()
        let second = WorkPriority(.low)
        let jobs = [await held.queue("first", at: WorkPriority(.low)), await held.queue("second", at: second)]
        // When the second one's row comes into view while it waits
        second.set(.high)
        try await held.release()
        for job in jobs { try await job.value }
        // Then it runs first
        #expect(held.ran.withLock { $0 } == ["second", "first"])
    }

    @Test func cancelledWaitingWorkLeavesTheQueueAndNeverRuns() async throws {
        // Given two jobs waiting for the pool's thread
        let held = try await HeldPool()
        let passed = await held.queue("passed", at: WorkPriority(.high))
        let coming = await held.queue("coming", at: WorkPriority(.low))
        // When the first one's task is cancelled (its row scrolled away)
        passed.cancel()
        // Then it leaves the queue at once, before the thread frees
        #expect(await eventually { held.pool.statistics.waiting == 1 })
        await #expect(throws: CancellationError.self) { try await passed.value }
        // and once the thread frees, only the other one runs
        try await held.release()
        try await coming.value
        #expect(held.ran.withLock { $0 } == ["coming"])
        #expect(held.pool.statistics.withdrawn == 1)
        #expect(held.pool.statistics.started == 2)  // the holder and "coming"
    }
}
