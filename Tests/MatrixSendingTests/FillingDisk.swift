// FillingDisk: a disk that fills while the outbox is drained — a trigger (written with the sqlite3 shell) makes every
// change to an outbox entry add 64 KiB to a side table, so a store opened with `maximumBytes` runs out of room at a
// chosen step of a drain, as SQLite sees a full disk; `empty` gives the room back.
import Foundation
import TestSupport

enum FillingDisk {
    /// The sqlite3 shell failed, or answered what it should not have.
    struct ShellFailed: Error, CustomStringConvertible {
        let description: String
    }

    /// The room one outbox change takes: 64 KiB of overflow pages and a little of a leaf page.
    static let bytesPerChange = 17 * 4096

    /// Installs the trigger in the database at `path` and packs it (no free pages left); returns its size in bytes.
    static func install(_ path: String) async throws -> Int {
        try await sqlite(path, """
            CREATE TABLE filler (b BLOB);
            CREATE TRIGGER filling AFTER UPDATE ON matrixOutbox BEGIN INSERT INTO filler VALUES (zeroblob(65536)); END;
            VACUUM;
            """)
        let pages = try await sqlite(path, "PRAGMA page_count; PRAGMA page_size;").split(separator: "\n").compactMap { Int($0) }
        guard pages.count == 2 else { throw ShellFailed(description: "sqlite3 gave no page count and size for \(path)") }
        return pages[0] * pages[1]
    }

    /// Removes the trigger and what it filled: the room is free again.
    static func empty(_ path: String) async throws {
        try await sqlite(path, "DROP TRIGGER filling; DELETE FROM filler;")
    }

    @discardableResult
    private static func sqlite(_ path: String, _ sql: String) async throws -> String {
        try await OffPool.run {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["sqlite3", "-cmd", ".timeout 5000", path, sql]
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw ShellFailed(description: "sqlite3 exited with \(process.terminationStatus) on \(sql)")
            }
            return text
        }
    }
}
