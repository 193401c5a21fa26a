// WorkerPool: CPU-bound handler work runs on threads with a lower scheduling priority than the UI's.
import Foundation
import SchemeLoader
import Testing

@Suite struct WorkerPoolPriorityTests {
    private struct Failure: Error, Equatable {}

    @Test func workRunsAtALowerPriorityThanTheThreadThatMadeThePool() async throws {
        // Given a pool made on this thread, ten nice levels lower
        let base = WorkerPool.currentThreadNiceness()
        let pool = WorkerPool(threads: 2, nicenessIncrement: 10)
        // When work runs on it
        let niceness = try await pool.run { WorkerPool.currentThreadNiceness() }
        // Then it ran at the lowered priority (19 is the lowest there is)
        #expect(niceness == min(19, base + 10))
        #expect(pool.workerNiceness == niceness)
        #expect(pool.threadCount == 2)
    }

    @Test func theSharedPoolRunsBelowTheUIThread() async throws {
        // Given the UI's thread (the main actor) / When the shared pool runs work
        let ui = await MainActor.run { WorkerPool.currentThreadNiceness() }
        let worker = try await WorkerPool.shared.run { WorkerPool.currentThreadNiceness() }
        // Then the worker is less favoured by the scheduler than the UI, one thread per core
        #expect(worker > ui || ui == 19)
        #expect(WorkerPool.shared.threadCount == ProcessInfo.processInfo.activeProcessorCount)
    }

    @Test func theForegroundPoolRunsWorkOnTheCallingThreadAtItsPriority() async throws {
        // Given a command-line run (no UI to keep responsive) / When the foreground pool runs work
        let caller = (niceness: WorkerPool.currentThreadNiceness(), thread: pthread_self())
        let worker = try await WorkerPool.foreground.run { (niceness: WorkerPool.currentThreadNiceness(), thread: pthread_self()) }
        // Then it ran right there, without a hop to another thread, competing with other programs
        // on equal terms
        #expect(pthread_equal(worker.thread, caller.thread) != 0)
        #expect(worker.niceness == caller.niceness)
        #expect(WorkerPool.foreground.threadCount == 0)
        // and a cancelled task's work never runs
        let ran = try await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try? await WorkerPool.foreground.run { true }
        }.value
        #expect(ran == nil)
    }

    @Test func errorsAndResultsReachTheCaller() async throws {
        // Given a pool with one thread / When many jobs run, one throwing
        let pool = WorkerPool(threads: 1, nicenessIncrement: 0)
        let results = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<200 { group.addTask { try await pool.run { index * 2 } } }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        // Then every result arrives and the error is rethrown, not swallowed
        #expect(results.sorted() == (0..<200).map { $0 * 2 })
        await #expect(throws: Failure.self) { try await pool.run { () throws -> Int in throw Failure() } }
    }
}
