// TerminalRestorer: gives the terminal back on every way out — quit, Ctrl-C, SIGTERM, a crash.
import Foundation

/// Restores the terminal when the process ends by a signal. ncurses' `endwin` is not
/// async-signal-safe, so the handler writes the few restoring bytes itself and re-raises.
public enum TerminalRestorer {
    /// Bytes that undo what the UI turned on: show the cursor, leave the alternate screen,
    /// turn off mouse reporting, reset attributes, keypad mode off.
    static let restoreSequence: [UInt8] = Array("\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?25h\u{1B}[?1049l\u{1B}[?1l\u{1B}>".utf8)

    /// Installs handlers for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE
    /// that restore the terminal modes saved now, then die of the same signal.
    public static func install() {
        saveModes()
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = restoreAndDie
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}

nonisolated(unsafe) private var savedModes = termios()
nonisolated(unsafe) private var haveSavedModes = false

private func saveModes() {
    haveSavedModes = tcgetattr(STDIN_FILENO, &savedModes) == 0
}

private func restoreAndDie(_ signal: Int32) {
    TerminalRestorer.restoreSequence.withUnsafeBufferPointer { bytes in
        _ = write(STDOUT_FILENO, bytes.baseAddress, bytes.count)
    }
    if haveSavedModes { tcsetattr(STDIN_FILENO, TCSANOW, &savedModes) }
    raise(signal)
}
