// HostConnectionBudget: at most a few requests in flight per host, the most urgent waiting one first.
import Foundation

/// Limits the requests in flight to one origin (scheme, host and port), as browsers do (6–8 per host
/// over HTTP/1.1 keep-alive): more would open more connections than a server expects, fewer would
/// leave a slow server's latency unused. A waiting request starts in priority order — the priority
/// is read when a slot frees, so it may change while the request waits.
final class HostConnectionBudget: Sendable {
    /// Requests in flight per origin.
    let limitPerHost: Int
    private let origins = Locked<[String: LoadScheduler]>([:])

    init(limitPerHost: Int) {
        self.limitPerHost = max(1, limitPerHost)
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

    /// Requests running and waiting now for `url`'s origin.
    func load(for url: URL) -> (running: Int, waiting: Int) {
        origins.withLock { $0[Self.origin(of: url)]?.load } ?? (0, 0)
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
