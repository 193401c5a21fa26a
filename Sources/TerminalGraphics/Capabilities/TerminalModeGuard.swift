// TerminalModeGuard: gives a terminal its settings back when a signal ends or stops the process — the raw
// mode of a capability query, the UI's modes — with only async-signal-safe calls in the handlers.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Restores terminal settings on SIGINT, SIGTERM, SIGHUP and SIGQUIT (and, when asked, on the crash
/// signals) before the process dies of the signal; on SIGTSTP restores them before stopping, and on
/// SIGCONT (back in the foreground) sets the guarded mode again. Up to `capacity` terminals at once
/// (a query's `/dev/tty` while the UI's guard stands).
public enum TerminalModeGuard {
    /// A guard in place; give it to `release` when the terminal is given back.
    public struct Token: Sendable, Hashable {
        fileprivate let slot: Int
    }

    /// How many guards may stand at once.
    public static let capacity = 4
    /// The signals that end the process and can be caught.
    public static let endingSignals = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    /// The crash signals: the process is dying anyway, but the terminal need not stay broken.
    public static let crashSignals = [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE]

    /// Guards `descriptor`: a signal puts `saved` back (writing `farewell` to standard output first).
    /// With `active` (the mode set now, e.g. raw for a query), a stop restores `saved` and a continue in
    /// the foreground sets `active` again — only then are SIGTSTP and SIGCONT caught, so ncurses, which
    /// installs its own stop handling where none is set, keeps it. `nil` when every slot is taken.
    public static func protect(descriptor: Int32, saved: termios, active: termios? = nil, farewell: [UInt8] = [],
                               crashes: Bool = false) -> Token? {
        guard let slot = (0..<capacity).first(where: { !slots[$0].inUse }) else { return nil }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, farewell.count))
        bytes.initialize(from: farewell, count: farewell.count)
        slots[slot] = GuardSlot(inUse: true, descriptor: descriptor, saved: saved, active: active ?? saved,
                                hasActive: active != nil, farewell: bytes, farewellCount: farewell.count)
        for signal in endingSignals + (crashes ? crashSignals : []) { install(ending, for: signal) }
        if active != nil {
            install(stop, for: SIGTSTP)
            install(resume, for: SIGCONT)
        }
        return Token(slot: slot)
    }

    /// Removes a guard. When no guard with an active mode stands any more, SIGTSTP and SIGCONT get their
    /// default handling back; the ending signals stay caught (the handler does nothing without guards).
    public static func release(_ token: Token) {
        guard slots[token.slot].inUse else { return }
        let bytes = slots[token.slot].farewell
        slots[token.slot].inUse = false
        bytes?.deallocate()
        slots[token.slot].farewell = nil
        if !(0..<capacity).contains(where: { slots[$0].inUse && slots[$0].hasActive }) {
            signal(SIGTSTP, SIG_DFL)
            signal(SIGCONT, SIG_DFL)
        }
    }

    private static func install(_ handler: @convention(c) (Int32) -> Void, for signal: Int32) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = signal == SIGTSTP || signal == SIGCONT ? Int32(SA_RESTART) : Int32(bitPattern: UInt32(SA_RESETHAND))
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }
}

/// One guarded terminal; plain values only, read by signal handlers.
private struct GuardSlot {
    var inUse = false
    var descriptor: Int32 = -1
    var saved = termios()
    var active = termios()
    var hasActive = false
    var farewell: UnsafeMutablePointer<UInt8>?
    var farewellCount = 0
}

/// The guards, allocated once and never moved: a signal handler may read them at any moment.
nonisolated(unsafe) private let slots: UnsafeMutablePointer<GuardSlot> = {
    let pointer = UnsafeMutablePointer<GuardSlot>.allocate(capacity: TerminalModeGuard.capacity)
    pointer.initialize(repeating: GuardSlot(), count: TerminalModeGuard.capacity)
    return pointer
}()

/// Writes each guard's farewell bytes and puts its saved settings back, newest first.
private func restoreAll(withFarewell: Bool) {
    for index in (0..<TerminalModeGuard.capacity).reversed() where slots[index].inUse {
        if withFarewell, let bytes = slots[index].farewell, slots[index].farewellCount > 0 {
            _ = write(STDOUT_FILENO, bytes, slots[index].farewellCount)
        }
        _ = tcsetattr(slots[index].descriptor, TCSANOW, &slots[index].saved)
    }
}

/// SIGINT, SIGTERM, …: restore, then die of the same signal (the handler was reset to the default).
private func ending(_ signal: Int32) {
    restoreAll(withFarewell: true)
    raise(signal)
}

/// SIGTSTP: restore, stop with the default action; on waking, catch the next stop again.
private func stop(_ signal: Int32) {
    let savedErrno = errno
    restoreAll(withFarewell: false)
    Glibc.signal(SIGTSTP, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    raise(SIGTSTP)
    Glibc.signal(SIGTSTP, stop)
    errno = savedErrno
}

/// SIGCONT: set the guarded modes again — only in the foreground (a background `tcsetattr` would stop us).
private func resume(_ signal: Int32) {
    let savedErrno = errno
    for index in 0..<TerminalModeGuard.capacity where slots[index].inUse && slots[index].hasActive {
        let descriptor = slots[index].descriptor
        if tcgetpgrp(descriptor) == getpgrp() { _ = tcsetattr(descriptor, TCSANOW, &slots[index].active) }
    }
    errno = savedErrno
}
