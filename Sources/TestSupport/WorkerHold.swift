// WorkerHold: a test's job that holds a worker until released, so the work queued meanwhile waits — in the
// pool's priority order — and the test decides when it runs.
import Dispatch
import SchemeLoader

/// A job holding one worker of a pool from when it runs (the most urgent waiting work at `priority`) until
/// `release()`.
public final class WorkerHold: Sendable {
    private let started: DispatchSemaphore
    private let letGo: DispatchSemaphore
    private let job: Task<Void, any Error>

    /// Queues the holding job on `pool` at `priority`.
    public init(_ pool: WorkerPool, at priority: LoadPriority = .veryHigh) {
        let started = DispatchSemaphore(value: 0), letGo = DispatchSemaphore(value: 0)
        self.started = started
        self.letGo = letGo
        job = Task { try await pool.run(at: WorkPriority(priority)) { started.signal(); letGo.wait() } }
    }

    /// Queues a holding job on `pool` and waits until it holds its worker.
    public static func holding(_ pool: WorkerPool) async throws -> WorkerHold {
        let hold = WorkerHold(pool)
        try await hold.held()
        return hold
    }

    /// Waits until the job holds its worker.
    public func held() async throws {
        let started = self.started
        try await OffPool.run { started.wait() }
    }

    /// Lets the worker go and waits until the job ended.
    public func release() async throws {
        letGo.signal()
        try await job.value
    }
}
