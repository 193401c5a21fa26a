// MigrationLock: one migration at a time per database file, across processes — an exclusive `flock` on
// `<database>.migration-lock` (0600) held while GRDB's migrator reads which migrations are applied and runs the rest.
// Without it two Snapterms opening an older database at once both saw the same migrations missing and the second
// failed running one the first had applied. (A separate file: a lock on the database's own file would be released
// by SQLite's POSIX locks' rules whenever any descriptor of it is closed.)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// An exclusive lock on a database's migrations.
enum MigrationLock {
    /// Runs `body` holding the migration lock of the database at `path`, waiting up to `timeout` for another
    /// process's migration to end; `.locked` after that.
    static func holding<T>(for path: String, timeout: TimeInterval, _ body: () throws -> T) throws -> T {
        let lockPath = path + ".migration-lock"
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            throw MessageStoreError.cannotOpen(path: path, reason: "cannot open its lock file \(lockPath): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }  // closing it releases the lock
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw MessageStoreError.cannotOpen(path: path, reason: "cannot lock \(lockPath): \(String(cString: strerror(errno)))")
            }
            guard Date() < deadline else { throw MessageStoreError.locked(path: path) }
            usleep(5_000)
        }
        return try body()
    }
}
