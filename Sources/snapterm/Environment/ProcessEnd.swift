// ProcessEnd: how the process ends — output flushed, and no library destructor run under a thread
// that may still be inside that library.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every way out of the process ends in `_exit` once standard output and error are flushed: `main`
/// calls `now(_:)` when its command returns, and `install()` routes every other `exit` (ArgumentParser's,
/// an error path's) there before any destructor runs.
///
/// `exit` would run the loaded libraries' destructors while a worker may still be decoding a
/// picture or opening a library. glibc marks each library uninitialised as it runs its destructor,
/// so a worker's first GLib call in that window ran GObject's constructor a second time, and GLib
/// aborted the process ("cannot register existing fundamental type 'gchar'") as the UI quit.
/// Nothing Snapterm keeps needs a destructor: the disk cache and the message database are written
/// before the command returns, and SQLite's files are whole at any moment.
enum ProcessEnd {
    /// Routes `exit` through `now(_:)`; call first thing in `main`. (C++ destructors of a library opened
    /// later still run before it: `exit` runs handlers newest first. `main`'s own way out skips them too.)
    static func install() {
        #if canImport(Glibc)
        on_exit({ status, _ in ProcessEnd.now(status) }, nil)
        #endif
    }

    /// Flushes the standard streams and ends the process with `status`.
    static func now(_ status: Int32) -> Never {
        fflush(nil)
        _exit(status)
    }
}
