// PendingWrites: counts disk writes still under way, so a caller can wait until they are done.

/// Disk writes started but not finished. Loads hand their result to their callers first and write
/// the disk copy afterwards; `waitUntilDone()` is how a process that is about to exit (or a test
/// that opens the same folder again) knows the copies are on disk.
final class PendingWrites: Sendable {
    private struct State {
        var count = 0
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Locked(State())

    /// Counts one write as started (before its result is handed out, so a waiter cannot miss it).
    func begin() {
        state.withLock { $0.count += 1 }
    }

    /// Counts one write as finished; wakes the waiters when none is left.
    func end() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.count -= 1
            guard state.count == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once every write begun so far (and any begun meanwhile) has ended.
    func waitUntilDone() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                guard state.count > 0 else { return true }
                state.waiters.append(waiter)
                return false
            }
            if done { waiter.resume() }
        }
    }
}
