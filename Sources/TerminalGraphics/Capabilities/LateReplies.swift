// LateReplies: a terminal that has not answered DA1 yet, kept in raw mode (no echo) until its answer is read
// or a deadline passes — so a slow terminal's reply is neither echoed nor left in the shell's input.

/// The terminal a command queried, held open while its replies may still come. Terminals answer in
/// order and DA1 last: once the DA1 reply is read, nothing of ours is left in the input.
///
/// `@unchecked Sendable`: it owns a `DeviceTerminal` (a descriptor and terminal state) and is used by
/// one task at a time — made when detection ends, drained when the command ends — never concurrently.
public final class LateReplies: @unchecked Sendable {
    /// How long after the query a command waits, at most, for replies that did not come in time.
    public static let defaultLimit = Duration.seconds(2)

    private let terminal: DeviceTerminal
    private var drained = false
    /// When waiting for the replies stops.
    public let deadline: ContinuousClock.Instant

    /// Holds `terminal` (still in raw mode) until `deadline`.
    public init(terminal: DeviceTerminal, deadline: ContinuousClock.Instant) {
        self.terminal = terminal
        self.deadline = deadline
    }

    /// The shortest read at the end: replies that came while the command worked are there already.
    static let minimumRead = Duration.milliseconds(10)

    /// Reads and drops the replies until DA1 (or the deadline — past it, what has come meanwhile is still
    /// read; a flood is discarded), then gives the terminal its settings back; what the user typed
    /// after the replies stays for the shell. Only the first call reads.
    public func drain() {
        guard !drained else { return }
        drained = true
        let left = ContinuousClock.now.duration(to: deadline)
        TerminalCapabilities.drainLateReplies(from: terminal, timeout: max(left, Self.minimumRead))
        terminal.close()
    }
}
