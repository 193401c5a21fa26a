// DatabaseLockHolder: another process — the sqlite3 shell — holding an SQLite database's write lock.
import Foundation

/// Runs `sqlite3 PATH` with `BEGIN IMMEDIATE` and keeps the write lock until `release()` (then
/// commits and waits for the shell to exit), as a second program holding the database would.
public final class DatabaseLockHolder: @unchecked Sendable {
    // @unchecked: `process` and `letGo` are only waited on and written one line to; `released` is read and
    // written under `lock`.
    private let process: Process
    private let letGo: Pipe
    private let lock = NSLock()
    private var released = false

    /// Starts the shell on `path` and returns once it holds the write lock.
    public init(path: String) async throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "(echo 'BEGIN IMMEDIATE;'; echo \"SELECT 'locked';\"; read _; echo 'COMMIT;') | sqlite3 \"$0\"", path]
        let output = Pipe(), letGo = Pipe()
        process.standardOutput = output
        process.standardInput = letGo
        try process.run()
        self.process = process
        self.letGo = letGo
        let locked = try await OffPool.run { () -> Bool in
            var seen = Data()
            while !String(decoding: seen, as: UTF8.self).contains("locked") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return false }
                seen.append(chunk)
            }
            return true
        }
        guard locked else { throw DatabaseLockError.notLocked(path: path) }
    }

    /// Lets go of the lock now (from any thread, without waiting); once only, later calls do nothing.
    public func letGoNow() {
        let first = lock.withLock {
            defer { released = true }
            return !released
        }
        guard first else { return }
        letGo.fileHandleForWriting.write(Data("\n".utf8))
        try? letGo.fileHandleForWriting.close()
    }

    /// Lets go of the lock and waits for the shell to exit.
    public func release() async throws {
        letGoNow()
        let process = process
        try await OffPool.run { process.waitUntilExit() }
    }
}

/// Why the lock could not be taken.
public enum DatabaseLockError: Error, CustomStringConvertible {
    /// sqlite3 ended before it said it held the lock (not installed, or the database was busy).
    case notLocked(path: String)

    public var description: String {
        switch self {
        case .notLocked(let path): "sqlite3 did not take the write lock of \(path)"
        }
    }
}
