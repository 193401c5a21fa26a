// WorkerPool: a job whose task is cancelled while it waits for a thread never runs — rows passed
// during a fast scroll must not hold the threads the rows still to come need.
import Dispatch
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct WorkerPoolCancellationTests {
    @Test func aJobCancelledWhileWaitingNeverRunsAndTheNextOneDoes() async throws {
        // Given a one-thread pool held by a blocked job, and two jobs waiting behind it
        let pool = WorkerPool(threads: 1, nicenessIncrement: 0)
        let hold = DispatchSemaphore(value: 0), held = DispatchSemaphore(value: 0)
        let holding = Task { try await pool.run { held.signal(); hold.wait() } }
        // (the thread is taken before the others queue: tasks need not start in the order they were made)
        try await OffPool.run { held.wait() }
        let ran = Locked<[String]>([])
        let passed = Task { try await pool.run { ran.withLock { $0.append("passed") } } }
        let coming = Task { try await pool.run { ran.withLock { $0.append("coming") } } }
        try await Task.sleep(for: .milliseconds(100))

        // When the first waiting job's task is cancelled and the thread is freed
        passed.cancel()
        hold.signal()
        try await holding.value

        // Then the cancelled job throws CancellationError without running, and the next one runs
        await #expect(throws: CancellationError.self) { try await passed.value }
        try await coming.value
        #expect(ran.withLock { $0 } == ["coming"])
    }
}
