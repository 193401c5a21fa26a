// UploadChain: the bytes of the pictures whose events a drain has sent, uploaded one picture after another behind
// the events that follow — so a large upload never holds up the next message — and waited for before the drain ends.
import Synchronization

/// Work run one piece after another, each after the one before it ended well.
final class UploadChain: Sendable {
    private let tasks = Mutex<[Task<Bool, any Error>]>([])

    /// Runs `work` once everything chained before it ended; skipped when a piece before it returned `false` (the
    /// drain must stop) or threw.
    func then(_ work: @escaping @Sendable () async throws -> Bool) {
        tasks.withLock { tasks in
            let before = tasks.last
            tasks.append(Task {
                guard try await before?.value ?? true else { return false }
                return try await work()
            })
        }
    }

    /// Waits until every piece chained so far ended; rethrows the first error.
    func wait() async throws {
        guard let last = tasks.withLock({ $0.last }) else { return }
        _ = try await last.value
    }

    /// Cancels every piece: the running one stops at its next wait, the others never start their work.
    func cancel() {
        for task in tasks.withLock({ $0 }) { task.cancel() }
    }
}
