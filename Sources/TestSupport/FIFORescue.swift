// FIFORescue: ends a wait on a FIFO after a while, so a test of code that must never wait fails instead of hanging.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SchemeLoader

/// After `delay`, opens the FIFO at `path` from the other side, so whatever waited on it goes on:
/// `O_WRONLY` wakes a reader waiting in `open` and closes at once (the reader then sees the end);
/// `O_RDONLY` wakes a writer and stays open until `stop()` (the writer never meets a closed pipe).
/// A test asserts it finished well before `delay`.
public final class FIFORescue: Sendable {
    private let task: Task<Void, Never>
    private let descriptor = Locked<Int32>(-1)

    /// Starts the timer.
    public init(path: String, opening mode: Int32, after delay: Duration = .seconds(20)) {
        let descriptor = self.descriptor
        task = Task.detached {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            let opened = open(path, mode | O_NONBLOCK | O_CLOEXEC)
            if mode == O_WRONLY {
                if opened >= 0 { close(opened) }
            } else {
                descriptor.withLock { $0 = opened }
            }
        }
    }

    /// Cancels the timer and closes the FIFO if it was opened.
    public func stop() {
        task.cancel()
        descriptor.withLock { if $0 >= 0 { close($0) }; $0 = -1 }
    }

    deinit { stop() }
}
