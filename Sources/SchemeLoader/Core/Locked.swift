// Locked: a value guarded by a pthread mutex — used instead of Locked so that
// ThreadSanitizer can check the locking (on Linux, Mutex locks with raw futexes TSan cannot see,
// and every access it guards is then reported as a race).
import NIOConcurrencyHelpers

/// A value that is only read or changed while holding its lock.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is only touched inside `lock.withLock`.
    private let lock = NIOLock()
    private var value: Value

    /// Wraps `value`.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock { try body(&value) }
    }
}
