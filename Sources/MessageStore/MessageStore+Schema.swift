// MessageStore+Schema: the database migrations, from the first version on.
import Foundation
import GRDB

extension MessageStore {
    /// Every schema version, in order. Never edit a shipped migration: add a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: conversations, messages, attachments, drafts") { db in
            try db.create(table: "conversation") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("title", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "message") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("conversation", onDelete: .cascade).notNull()
                t.column("text", .text).notNull()
                t.column("sentAt", .datetime).notNull().indexed()
                t.column("state", .text).notNull()
                // A send carries a unique key, so a retried send can never store the message twice.
                t.column("sendKey", .text).unique()
            }
            try db.create(table: "attachment") { t in
                t.belongsTo("message", onDelete: .cascade).notNull()
                t.column("position", .integer).notNull()
                t.column("url", .text).notNull()
                t.primaryKey(["messageId", "position"])
            }
            try db.create(table: "draft") { t in
                t.primaryKey("conversationId", .integer)
                    .references("conversation", onDelete: .cascade)
                t.column("text", .text).notNull()
                t.column("attachments", .text).notNull()  // JSON array of URL strings
                t.column("updatedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: a send-once key per draft") { db in
            try db.alter(table: "draft") { t in t.add(column: "sendKey", .text) }
        }
        migrator.registerMigration("v3: colour sketches of pictures") { db in
            // The sketch a message's sender gave for a picture URL (`ColourSketch`'s text form): drawn while the
            // picture loads.
            try db.create(table: "pictureSketch") { t in
                t.primaryKey("url", .text)
                t.column("sketch", .text).notNull()
            }
        }
        migrator.registerMigration("v4: Matrix rooms and events") { db in
            try createMatrixTables(db)
        }
        return migrator
    }

    /// Refuses a database that a newer Snapterm has migrated past this build's schema: it is
    /// checked through a read-only connection, so such a file is never opened for writing or altered.
    static func checkSchemaIsKnown(_ db: Database, path: String) throws {
        guard try db.tableExists("grdb_migrations") else { return }
        let applied = try Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations"))
        let unknown = applied.subtracting(migrator.migrations)
        guard unknown.isEmpty else { throw MessageStoreError.newerSchema(path: path, unknownMigrations: unknown.sorted()) }
    }
}
