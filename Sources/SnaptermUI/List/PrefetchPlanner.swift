// PrefetchPlanner: how far ahead a list prefetches — from the measured scroll speed and the measured
// cost of one load, so a held key keeps work running ahead of the rows about to appear.
import Foundation

/// Measures the scroll speed (rows per second, smoothed) and the cost of one handler load (the median of the
/// latest loads: one load that made a photo's reduced copy, or decoded a picture the size of a poster, does not
/// make every load look slow), and turns them into a prefetch distance.
///
/// A load has two parts: `w` seconds of waiting that holds no slot (a web picture's download, which
/// runs alongside the others), then `c` seconds of work in one of `k` slots (decode and encode). With
/// `v` rows/s the work takes a share `u = v·c/k` of the machine; a load started for a row `d` rows ahead
/// is ready in time when its wait, the work queued before it and its own fit into the `d/v` seconds
/// before it appears, which holds for `d ≥ v·(w + c / (1 − u))`. The planner keeps twice that (a margin
/// for a loaded machine), never less than the minimum and never more than the maximum; when `u` nears 1
/// the work cannot keep up and the distance is capped (rows flown past are cancelled, so far rows still
/// get done in time). A slow host makes `w` large, so a list of its pictures is prefetched deeper.
struct PrefetchPlanner {
    /// Fewest rows prefetched (also the distance when idle or scrolling slowly).
    var minimumDistance: Int
    /// Most rows prefetched.
    var maximumDistance: Int
    /// Loads in flight at once (`ListView.Configuration.loadsInFlight`).
    var concurrency: Int
    /// Smoothed scroll speed, rows per second (0 until two steps were seen).
    private(set) var rowsPerSecond = 0.0
    /// Work of one handler load (time holding a slot), seconds: the median of the latest loads.
    var secondsPerLoad: Double { Self.median(of: recentWork) ?? initialLoadCost }
    /// Wait of one handler load without a slot (its source downloading), seconds: the median of the latest loads.
    var secondsWaiting: Double { Self.median(of: recentWaits) ?? 0 }
    private let initialLoadCost: Double
    private var recentWork: [Double] = []
    private var recentWaits: [Double] = []
    private var lastStep: ContinuousClock.Instant?

    /// A scroll that pauses this long counts as stopped.
    static let idleAfter: Duration = .milliseconds(500)
    /// Weight of the newest step in the smoothed speed.
    static let smoothing = 0.3
    /// How many of the latest loads the cost is the median of.
    static let loadsMeasured = 9

    init(minimumDistance: Int, maximumDistance: Int, concurrency: Int, initialLoadCost: Duration) {
        self.minimumDistance = max(0, minimumDistance)
        self.maximumDistance = max(self.minimumDistance, maximumDistance)
        self.concurrency = max(1, concurrency)
        self.initialLoadCost = max(0.001, initialLoadCost.seconds)
    }

    /// Records a scroll of `rows` rows at `moment`. A pause longer than the idle time, or a jump farther
    /// than the longest prefetch (g, G, a conversation opening at its newest message), starts from rest.
    mutating func scrolled(rows: Int, at moment: ContinuousClock.Instant) {
        defer { lastStep = moment }
        guard let lastStep else { return }
        let interval = (moment - lastStep).seconds
        guard interval < Self.idleAfter.seconds, abs(rows) <= maximumDistance else {
            rowsPerSecond = 0
            return
        }
        let rate = Double(abs(rows)) / max(0.001, interval)
        rowsPerSecond = rowsPerSecond == 0 ? rate : rowsPerSecond + Self.smoothing * (rate - rowsPerSecond)
    }

    /// Records one finished load: `work` in a slot, and `wait` without one.
    mutating func measured(load work: Duration, waiting wait: Duration = .zero) {
        guard work > .zero else { return }
        Self.keep(work.seconds, in: &recentWork)
        Self.keep(max(0, wait.seconds), in: &recentWaits)
    }

    /// Records one finished load's cost.
    mutating func measured(_ cost: LoadCost) { measured(load: cost.work, waiting: cost.wait) }

    private static func keep(_ sample: Double, in samples: inout [Double]) {
        samples.append(sample)
        if samples.count > loadsMeasured { samples.removeFirst() }
    }

    private static func median(of samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Whether the list is scrolling at `moment` (a measured speed, and a step within the idle time).
    func isScrolling(at moment: ContinuousClock.Instant) -> Bool {
        guard let lastStep else { return false }
        return moment - lastStep < Self.idleAfter && rowsPerSecond > 0
    }

    /// Rows just ahead that a load started now would reach too late while scrolling at `moment`: they
    /// appear within the time of one load plus a wait for a slot (`v·(w + c·(1 + 1/k))`). 0 at rest.
    func lateRows(at moment: ContinuousClock.Instant) -> Int {
        guard isScrolling(at: moment) else { return 0 }
        let loadTime = secondsWaiting + secondsPerLoad * (1 + 1 / Double(concurrency))
        return Int((rowsPerSecond * loadTime).rounded(.up))
    }

    /// Rows to prefetch ahead at `moment`.
    func distance(at moment: ContinuousClock.Instant) -> Int {
        guard isScrolling(at: moment) else { return minimumDistance }
        let speed = rowsPerSecond, cost = secondsPerLoad
        let share = min(0.9, speed * cost / Double(concurrency))
        let lead = speed * (secondsWaiting + cost / (1 - share))
        let wanted = Int((2 * lead).rounded(.up)) + 1
        return min(maximumDistance, max(minimumDistance, wanted))
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) * 1e-18
    }
}
