// TerminalRestorer: gives the terminal back on every way out — quit, Ctrl-C, SIGTERM, SIGHUP, a crash.
import Foundation
import TerminalGraphics

/// Restores the terminal when the process ends by a signal. ncurses' `endwin` is not
/// async-signal-safe, so `TerminalModeGuard`'s handler writes the few restoring bytes itself, puts the
/// modes saved before ncurses started back, and re-raises. Stopping (SIGTSTP) stays ncurses' own:
/// it leaves the screen and comes back on SIGCONT.
public enum TerminalRestorer {
    /// Bytes that undo what the UI turned on: show the cursor, leave the alternate screen,
    /// turn off mouse reporting, reset attributes, keypad mode off.
    static let restoreSequence: [UInt8] = Array(EscapeSequence.leaveFullScreen.utf8)

    /// Installs handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE
    /// that restore the terminal modes saved now, then die of the same signal.
    public static func install() {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        _ = TerminalModeGuard.protect(descriptor: STDIN_FILENO, saved: saved, farewell: restoreSequence, crashes: true)
    }
}
