// HostConnectionBudget: at most a few requests in flight per host, the most urgent waiting one first; a host
// that could not be reached is not tried again for a while.
import Foundation

/// Limits the requests in flight to one origin (scheme, host and port), as browsers do (6–8 per host
/// over HTTP/1.1 keep-alive): more would open more connections than a server expects, fewer would
/// leave a slow server's latency unused. A waiting request starts in priority order — the priority
/// is read when a slot frees, so it may change while the request waits.
///
/// A host whose connection failed (refused, or no answer within the connect timeout) is marked
/// unreachable for `retryAfter`: requests meanwhile fail at once instead of each waiting for its own
/// connect timeout, so a list of a server that is gone shows its cached copies without a wait each.
final class HostConnectionBudget: Sendable {
    /// Requests in flight per origin.
    let limitPerHost: Int
    /// How long a host that could not be reached is not tried again.
    let retryAfter: Duration
    private let origins = Locked<[String: LoadScheduler]>([:])
    private let unreachable = Locked<[String: ContinuousClock.Instant]>([:])

    init(limitPerHost: Int, retryAfter: Duration) {
        self.limitPerHost = max(1, limitPerHost)
        self.retryAfter = retryAfter
    }

    /// Marks `url`'s origin unreachable from now for `retryAfter`.
    func markUnreachable(_ url: URL) {
        let until = ContinuousClock.now + retryAfter
        unreachable.withLock { $0[Self.origin(of: url)] = until }
    }

    /// Whether `url`'s origin failed to connect within the last `retryAfter`.
    func isMarkedUnreachable(_ url: URL) -> Bool {
        let origin = Self.origin(of: url), now = ContinuousClock.now
        return unreachable.withLock { marks in
            guard let until = marks[origin] else { return false }
            if now < until { return true }
            marks[origin] = nil
            return false
        }
    }

    /// Runs `work` as one of `url`'s origin's requests in flight, waiting for a turn first. Throws
    /// `CancellationError` when the task is cancelled while waiting; a cancelled request frees its turn.
    func withTurn<T: Sendable>(for url: URL, priority: @escaping @Sendable () -> LoadPriority,
                               _ work: () async throws -> T) async throws -> T {
        let scheduler = self.scheduler(for: url)
        try await scheduler.acquire(priority: priority)
        defer { scheduler.release() }
        return try await work()
    }

    private func scheduler(for url: URL) -> LoadScheduler {
        let origin = Self.origin(of: url)
        return origins.withLock { origins in
            if let scheduler = origins[origin] { return scheduler }
            let scheduler = LoadScheduler(limit: limitPerHost)
            origins[origin] = scheduler
            return scheduler
        }
    }

    static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
    }
}
