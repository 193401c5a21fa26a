// HostConnectionBudget: at most a few requests in flight per host (HTTP/1.1), or its streams (HTTP/2), the most
// urgent waiting one first; a host that could not be reached is not tried again for a while.
import Foundation

/// Limits the requests in flight to one origin (scheme, host and port), as browsers do (6–8 per host
/// over HTTP/1.1 keep-alive): more would open more connections than a server expects, fewer would
/// leave a slow server's latency unused. A waiting request starts in priority order — the priority
/// is read when a slot frees, so it may change while the request waits.
///
/// An origin found to speak HTTP/2 (`spokeHTTP2(_:)`: its first stream opened, or a response came as HTTP/2)
/// multiplexes its requests as streams of one connection: its limit becomes `streamsPerHTTP2Host`, and the
/// requests waiting start at once, most urgent first — priorities are the order the streams are opened in.
///
/// A host whose connection failed (refused, or no answer within the connect timeout) is marked
/// unreachable for `retryAfter`: requests meanwhile fail at once instead of each waiting for its own
/// connect timeout, so a list of a server that is gone shows its cached copies without a wait each.
///
/// A request holding a turn lingers when every caller leaves (`LoadJob.allowLingering`): its bytes are
/// already on the way, so it runs on for `abandonedGrace` into the caches — unless a request to the same
/// origin is waiting, which then gets its turn at once.
final class HostConnectionBudget: Sendable {
    /// Requests in flight per origin over HTTP/1.1 (and before its protocol is known).
    let limitPerHost: Int
    /// Requests in flight per origin that speaks HTTP/2.
    let streamsPerHTTP2Host: Int
    /// How long a host that could not be reached is not tried again.
    let retryAfter: Duration
    /// How long an abandoned request may run on while nobody waits for its turn.
    let abandonedGrace: Duration
    private let origins = Locked<[String: HostRequestTurns]>([:])
    private let unreachable = Locked<[String: ContinuousClock.Instant]>([:])
    /// The jobs holding a turn, per origin.
    private let holders = Locked<[String: [ObjectIdentifier: LoadJob]]>([:])

    init(limitPerHost: Int, streamsPerHTTP2Host: Int = 100, retryAfter: Duration, abandonedGrace: Duration = .zero) {
        self.limitPerHost = max(1, limitPerHost)
        self.streamsPerHTTP2Host = max(1, streamsPerHTTP2Host)
        self.retryAfter = retryAfter
        self.abandonedGrace = abandonedGrace
    }

    /// Marks `url`'s origin unreachable from now for `retryAfter`.
    func markUnreachable(_ url: URL) {
        let until = ContinuousClock.now + retryAfter
        unreachable.withLock { $0[Self.origin(of: url)] = until }
    }

    /// Forgets every origin marked unreachable.
    func forgetUnreachable() {
        unreachable.withLock { $0 = [:] }
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

    /// `url`'s origin speaks HTTP/2: its requests may be in flight up to `streamsPerHTTP2Host` at once.
    func spokeHTTP2(_ url: URL) {
        scheduler(for: Self.origin(of: url)).setLimit(streamsPerHTTP2Host)
    }

    /// `url`'s origin answered over HTTP/1: back to `limitPerHost` requests at once (a server no longer offering
    /// HTTP/2), taking effect as the requests in flight end.
    func spokeHTTP1(_ url: URL) {
        scheduler(for: Self.origin(of: url)).setLimit(limitPerHost)
    }

    /// Runs `work` as one of the requests in flight to `url`'s origin (default: `task`'s URL), waiting for a
    /// turn first (in `task`'s priority order). Throws `CancellationError` when the task is cancelled while
    /// waiting; a cancelled request frees its turn. While `work` runs, the load lingers when abandoned and
    /// nobody waits.
    func withTurn<T: Sendable>(for task: SchemeLoadTask, at url: URL? = nil, _ work: () async throws -> T) async throws -> T {
        let origin = Self.origin(of: url ?? task.url)
        let scheduler = self.scheduler(for: origin)
        try await scheduler.acquire { task.priority }
        defer { scheduler.release() }
        guard let job = task.context?.job, abandonedGrace > .zero else { return try await work() }
        let id = ObjectIdentifier(job)
        holders.withLock { $0[origin, default: [:]][id] = job }
        job.allowLingering(LoadJob.Lingering(grace: abandonedGrace) { scheduler.load.waiting == 0 })
        defer {
            job.allowLingering(nil)
            holders.withLock { $0[origin]?[id] = nil }
        }
        return try await work()
    }

    private func scheduler(for origin: String) -> HostRequestTurns {
        origins.withLock { origins in
            if let scheduler = origins[origin] { return scheduler }
            let scheduler = HostRequestTurns(limit: limitPerHost) { [weak self] in self?.giveUpOneLingering(of: origin) }
            origins[origin] = scheduler
            return scheduler
        }
    }

    /// A request to `origin` is waiting: one abandoned request lingering there ends and frees its turn.
    private func giveUpOneLingering(of origin: String) {
        let jobs = holders.withLock { Array(($0[origin] ?? [:]).values) }
        for job in jobs where job.giveUpLingering() { return }
    }

    static func origin(of url: URL) -> String {
        "\(url.scheme?.lowercased() ?? "")://\(url.host?.lowercased() ?? ""):\(url.port ?? -1)"
    }
}
