// OffPool: runs blocking work (child processes) on a GCD thread so CLI tests never starve Swift's
// cooperative thread pool, which other suites running in parallel need.
import Dispatch

enum OffPool {
    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
        }
    }
}
