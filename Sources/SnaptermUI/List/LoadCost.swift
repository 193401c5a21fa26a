// LoadCost: what one handler load of a list cost — its work on the workers, and its wait that holds none.
import SchemeLoader

/// The cost of one load that ran a handler, as the prefetch planner counts it.
struct LoadCost {
    /// Time on a worker: the load's own work and its sources' (a photo's render, then its thumbnail's encode).
    let work: Duration
    /// Waiting that holds no worker and waits for none (a download); waits for a worker are the planner's queueing.
    let wait: Duration

    /// The cost of `loaded`, or `nil` when it ran no handler of its own (a cache hit, a joined load).
    init?(_ loaded: LoadResult) {
        guard loaded.source == .handler, !loaded.wasCoalesced, let time = loaded.metrics.handler else { return nil }
        work = loaded.metrics.slotHeld ?? time
        wait = max(.zero, time - work - (loaded.metrics.queueWait ?? .zero))
    }
}
