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
        migrator.registerMigration("v5: Matrix outbox") { db in
            // Every Matrix send, in order, with its transaction id — written before any network call, so a send
            // is resumed after a crash and never doubled (the server answers a repeated id with the same event).
            try db.create(table: "matrixOutbox") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("account", .text).notNull()
                t.column("roomId", .text).notNull()
                t.column("transactionId", .text).notNull().unique()
                t.column("body", .text).notNull()
                t.column("content", .blob).notNull()  // the event's content as JSON, without the media URLs
                t.column("state", .text).notNull()
                t.column("failure", .text)
                t.column("retryable", .boolean).notNull().defaults(to: true)
                t.column("attempts", .integer).notNull().defaults(to: 0)
                t.column("mediaUrl", .text)
                t.column("thumbnailUrl", .text)
                t.column("uploaded", .boolean).notNull().defaults(to: false)
                t.column("eventId", .text)
                t.column("createdAt", .datetime).notNull()
            }
            // The bytes a send uploads (the encoded picture, its thumbnail), removed once it is sent.
            try db.create(table: "matrixOutboxMedia") { t in
                t.belongsTo("entry", inTable: "matrixOutbox", onDelete: .cascade).notNull()
                t.column("role", .text).notNull()
                t.column("mimeType", .text).notNull()
                t.column("data", .blob).notNull()
                t.primaryKey(["entryId", "role"])
            }
        }
        migrator.registerMigration("v6: Matrix local echoes") { db in
            try createEchoColumns(db)
        }
        migrator.registerMigration("v7: Matrix history paging, redactions kept") { db in
            try addMatrixHistoryTables(db)
        }
        migrator.registerMigration("v8: Matrix outbox reservation expiry") { db in
            // When the server forgets the mxc:// ids reserved for an entry's picture if nothing was uploaded to them:
            // a send resumed later reserves new ones, as long as its event (naming the old ones) was not sent.
            try db.alter(table: "matrixOutbox") { t in t.add(column: "mediaExpiresAt", .datetime) }
        }
        migrator.registerMigration("v9: Matrix timeline gaps") { db in
            try addMatrixGapTable(db)
        }
        migrator.registerMigration("v10: a draft's original size") { db in
            // Whether the draft's photos go at their original size (`o`), kept with its text and photos.
            try db.alter(table: "draft") { t in t.add(column: "original", .boolean).notNull().defaults(to: false) }
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
