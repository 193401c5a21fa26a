// DrainOutcomes: what became of each send of one drain, gathered from its events' loop and its uploads alike, each
// told to the drain's listener as it is known.
import Synchronization

/// The outcomes of one drain, in the order they were known.
final class DrainOutcomes: Sendable {
    private let report: @Sendable (SendOutcome) -> Void
    private let outcomes = Mutex<[SendOutcome]>([])

    /// Outcomes told to `report` as they come.
    init(report: @escaping @Sendable (SendOutcome) -> Void) {
        self.report = report
    }

    /// Notes `outcome` and tells it.
    func note(_ outcome: SendOutcome) {
        outcomes.withLock { $0.append(outcome) }
        report(outcome)
    }

    /// Every outcome so far.
    var all: [SendOutcome] { outcomes.withLock { $0 } }
}
