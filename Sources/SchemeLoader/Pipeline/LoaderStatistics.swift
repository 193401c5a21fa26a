// LoaderStatistics: the counters and timings behind the cache hit-versus-miss demo.

/// A snapshot of what a loader has done since it was created (or last reset).
public struct LoaderStatistics: Sendable, Hashable {
    /// Requests answered from memory.
    public var memoryHits = 0
    /// Requests answered from disk (including revalidated copies).
    public var diskHits = 0
    /// Loads that went to a scheme handler (cache misses).
    public var handlerLoads = 0
    /// Requests that joined a load already running for the same key.
    public var coalesced = 0
    /// Requests cancelled by their caller.
    public var cancelled = 0
    /// Requests that ended in an error (cancellation excluded).
    public var failures = 0
    /// Bytes delivered by handlers.
    public var bytesLoaded = 0
    /// Loads running or waiting now.
    public var inFlight = 0
    /// Stale copies shown at once while a background revalidation ran (stale-while-revalidate).
    public var staleServedWhileRevalidating = 0
    /// Stale copies served because their source could not be reached (stale-if-error).
    public var staleServedOnError = 0
    /// Stale copies served because their source did not answer within its handler's `staleCopyBudget`.
    public var staleServedForSlowSource = 0
    /// Background revalidations started.
    public var backgroundRevalidations = 0
    /// CPU work (decodes, encodes) that ran on a worker for this loader's loads (`SchemeLoadTask.work(on:_:)`).
    public var workRun = 0
    /// Of that work, the pieces whose load was cancelled before they ended: work for a result nobody took.
    public var workForCancelledLoads = 0

    /// Creates empty statistics.
    public init() {}
}

/// Keeps the counters (in all and per scheme) and the recent durations per source, for medians and p95.
final class StatisticsRecorder: Sendable {
    private struct State {
        var counters = LoaderStatistics()
        var byScheme: [String: LoaderStatistics] = [:]
        var durations: [LoadSource: RecentDurations] = [:]
    }

    private let state = Locked(State())

    /// Applies `change` to the counters in all and to those of `scheme` (a URL's scheme; `nil`: none).
    func update(scheme: String?, _ change: (inout LoaderStatistics) -> Void) {
        state.withLock { state in
            change(&state.counters)
            if let scheme { change(&state.byScheme[scheme.lowercased(), default: LoaderStatistics()]) }
        }
    }

    func record(_ duration: Duration, for source: LoadSource) {
        state.withLock { $0.durations[source, default: RecentDurations()].append(duration) }
    }

    var counters: LoaderStatistics { state.withLock { $0.counters } }

    func counters(for scheme: String) -> LoaderStatistics {
        state.withLock { $0.byScheme[scheme.lowercased()] ?? LoaderStatistics() }
    }

    func timings(for source: LoadSource) -> TimingSummary? {
        state.withLock { $0.durations[source]?.summary }
    }

    func reset() {
        state.withLock { state in
            let inFlight = (state.counters.inFlight, state.byScheme.mapValues(\.inFlight))
            state = State()
            state.counters.inFlight = inFlight.0
            for (scheme, count) in inFlight.1 where count != 0 { state.byScheme[scheme, default: LoaderStatistics()].inFlight = count }
        }
    }
}

/// Median and 95th percentile of recent load times of one source.
public struct TimingSummary: Sendable, Hashable {
    /// How many samples the figures are from (the most recent ones, at most 1,000).
    public var samples: Int
    /// The median.
    public var median: Duration
    /// The 95th percentile.
    public var p95: Duration
}

/// A ring of the last 1,000 durations.
struct RecentDurations: Sendable {
    private var values: [Duration] = []
    private var next = 0
    private let capacity = 1000

    mutating func append(_ value: Duration) {
        if values.count < capacity { values.append(value) } else { values[next] = value }
        next = (next + 1) % capacity
    }

    var summary: TimingSummary? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let p95 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.95).rounded(.down)))]
        return TimingSummary(samples: sorted.count, median: sorted[sorted.count / 2], p95: p95)
    }
}
