// MessageStore+MatrixSchema: the tables of migration v4 — Matrix rooms as conversations, events as messages
// (keyed by event id, so the same event twice is one row), media, edits, reactions and the sync token.
import GRDB

extension MessageStore {
    /// Migration v4. Demo conversations have no `matrixRoom` row and messages without an event id.
    static func createMatrixTables(_ db: Database) throws {
        try db.create(table: "matrixRoom") { t in
            t.primaryKey("conversationId", .integer).references("conversation", onDelete: .cascade)
            t.column("account", .text).notNull()          // the user id of the account that sees the room
            t.column("roomId", .text).notNull()
            t.column("membership", .text).notNull()
            t.column("name", .text)
            t.column("canonicalAlias", .text)
            t.column("heroes", .text)                     // JSON array of names
            t.column("avatarUrl", .text)
            t.column("unreadCount", .integer).notNull().defaults(to: 0)
            t.column("inviter", .text)
            t.uniqueKey(["account", "roomId"])
        }
        try db.alter(table: "message") { t in
            t.add(column: "eventId", .text)
            t.add(column: "sender", .text)
            t.add(column: "kind", .text)
            t.add(column: "edited", .boolean).notNull().defaults(to: false)
            t.add(column: "replyTo", .text)
        }
        try db.create(index: "message_eventId", on: "message", columns: ["conversationId", "eventId"], unique: true)
        try db.create(table: "matrixMedia") { t in
            t.primaryKey("messageId", .integer).references("message", onDelete: .cascade)
            t.column("url", .text)
            t.column("width", .integer)
            t.column("height", .integer)
            t.column("mimetype", .text)
            t.column("size", .integer)
            t.column("thumbnailUrl", .text)
            t.column("blurhash", .text)
            t.column("encryptedFile", .text)              // JSON of content.file
            t.column("fileName", .text)
        }
        // Edits are kept even before their message arrives: the newest one is applied whenever either comes.
        try db.create(table: "matrixEdit") { t in
            t.belongsTo("conversation", onDelete: .cascade).notNull()
            t.column("eventId", .text).notNull()
            t.column("target", .text).notNull()
            t.column("sender", .text).notNull()
            t.column("text", .text).notNull()
            t.column("sentAt", .datetime).notNull()
            t.primaryKey(["conversationId", "eventId"])
        }
        try db.create(table: "matrixReaction") { t in
            t.belongsTo("conversation", onDelete: .cascade).notNull()
            t.column("eventId", .text).notNull()
            t.column("target", .text).notNull()
            t.column("key", .text).notNull()
            t.column("sender", .text).notNull()
            t.primaryKey(["conversationId", "eventId"])
        }
        try db.create(index: "matrixReaction_target", on: "matrixReaction", columns: ["conversationId", "target"])
        try db.create(table: "matrixSync") { t in
            t.primaryKey("account", .text)
            t.column("since", .text).notNull()
        }
    }
}
