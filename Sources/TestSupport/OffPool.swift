// OffPool: runs blocking work (child processes) on a GCD thread so tests never starve Swift's
// cooperative thread pool (two threads on two cores), which suites running in parallel need.
import Dispatch

/// Runs blocking work off the cooperative pool.
public enum OffPool {
    /// Runs `body` on a GCD thread and returns its result.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}
