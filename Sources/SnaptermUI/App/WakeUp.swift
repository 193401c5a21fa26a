// WakeUp: where the run loop sleeps when there is nothing to do — until a key, a change on screen or a timer.

/// One sleeper (the run loop) and any number of wakers on the main actor. A `signal` while nobody
/// sleeps is kept, so the next `wait` returns at once: a wake-up is never lost.
@MainActor
final class WakeUp {
    private var continuation: CheckedContinuation<Void, Never>?
    private var signalled = false

    /// Wakes the sleeper, or the next one to come.
    func signal() {
        guard let continuation else {
            signalled = true
            return
        }
        self.continuation = nil
        continuation.resume()
    }

    /// Sleeps until `signal` or `deadline` (none: only a signal ends it). Other main-actor work — loads
    /// landing in their cells — runs meanwhile.
    func wait(until deadline: ContinuousClock.Instant?) async {
        if signalled {
            signalled = false
            await Task.yield()
            return
        }
        let timer = deadline.map { deadline in
            Task { @MainActor [weak self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                if !Task.isCancelled { self?.signal() }
            }
        }
        await withCheckedContinuation { continuation = $0 }
        timer?.cancel()
        signalled = false
    }
}
