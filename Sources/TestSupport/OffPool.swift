// OffPool: runs blocking work (child processes, screenshots, waits) on a thread of its own, so tests
// never starve Swift's cooperative pool (two threads on two cores) nor GCD's global pool, which on
// Linux also starts about one thread per core and the code under test needs (file reads, encoders).
import Foundation

/// Runs blocking work off the cooperative pool and off GCD.
public enum OffPool {
    /// Runs `body` on a new thread and returns its result.
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try body() }) }
        }
    }
}
