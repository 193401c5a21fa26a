// LoadToken: one caller's handle on a (possibly shared) load — cancel it or change its priority.

/// One caller's handle on a load. Cancelling it detaches only this caller: a shared load
/// stops when its last caller has cancelled. Cancelling twice, or after completion, does nothing.
public final class LoadToken: Sendable, Hashable {
    private let job: LoadJob?
    private let listenerID: UInt64
    private let onCancel: @Sendable (LoadJob, UInt64) -> Void

    init(job: LoadJob?, listenerID: UInt64, onCancel: @escaping @Sendable (LoadJob, UInt64) -> Void) {
        self.job = job
        self.listenerID = listenerID
        self.onCancel = onCancel
    }

    /// A token for a request that already ended (memory hit, bad URL).
    static let finished = LoadToken(job: nil, listenerID: 0, onCancel: { _, _ in })

    /// Detaches this caller; its completion is called with `CancellationError` if it had not ended.
    public func cancel() {
        if let job { onCancel(job, listenerID) }
    }

    /// Changes this caller's priority (a prefetch that became visible, or the reverse).
    public func setPriority(_ priority: LoadPriority) {
        job?.setPriority(priority, for: listenerID)
    }

    public static func == (lhs: LoadToken, rhs: LoadToken) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
