// MigrationRaceTests: several connections (as several Snapterm processes would) opening an older database at the same
// moment — one migrates, the others find the migrations applied: every open succeeds, each migration ran once, and
// what the old database held is kept.
import Foundation
import GRDB
@testable import MessageStore
import TestSupport
import Testing

@Suite struct MigrationRaceTests {
    @Test func givenAnOldDatabase_whenStoresOpenItAtOnce_thenEachMigrationRunsOnceAndEveryOpenSucceeds() async throws {
        // Rounds, because a race needs the opens to overlap: each round a fresh database at schema v3.
        for round in 0..<4 {
            let folder = try TemporaryDirectory()
            let path = folder.appending("m.sqlite").path
            try Self.makeOldDatabase(at: path)

            let start = Gate()
            let results = try await withThrowingTaskGroup(of: Result<Int, MessageStoreError>.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await start.wait()
                        return try await OffPool.run {
                            Result { () throws(MessageStoreError) -> Int in try MessageStore(path: path).conversations().count }
                        }
                    }
                }
                start.open()
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for result in results {
                switch result {
                case .success(let count): #expect(count == 1, "round \(round): the old conversation is kept")
                case .failure(let error): Issue.record("round \(round): an open failed: \(error)")
                }
            }
            let applied = try Self.appliedMigrations(at: path)
            #expect(applied.count == Set(applied).count)
            #expect(Set(applied) == Set(MessageStore.migrator.migrations))
        }
    }

    /// A database at schema v3 holding one conversation.
    private static func makeOldDatabase(at path: String) throws {
        let old = try DatabaseQueue(path: path)
        try MessageStore.migrator.migrate(old, upTo: "v3: colour sketches of pictures")
        try old.write { db in
            try db.execute(sql: "INSERT INTO conversation (title, createdAt) VALUES ('kept', '2026-11-27 00:00:00.000')")
        }
        try old.close()
    }

    private static func appliedMigrations(at path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
    }
}
