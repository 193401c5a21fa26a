// MessageStore+Matrix: the store's Matrix side — a sync's rooms and its token written in one transaction, the
// token read back to resume, and the Matrix columns read for the screens.
import Foundation
import GRDB

extension MessageStore {
    /// The token `account`'s next `/sync` starts from; nil before its first sync.
    public func matrixSyncToken(account: String) throws(MessageStoreError) -> String? {
        try read { db in try String.fetchOne(db, sql: "SELECT since FROM matrixSync WHERE account = ?", arguments: [account]) }
    }

    /// Writes `updates` and `since` as one transaction: a sync is stored whole or not at all, so a restart
    /// resumes from the last sync that was stored. Returns each room's conversation and what arrived in it.
    @discardableResult
    public func applyMatrixSync(_ updates: [MatrixRoomUpdate], since: String, account: String) throws(MessageStoreError) -> [MatrixStoredRoom] {
        try transaction { transaction in
            let changed = try updates.map { try transaction.apply($0, account: account) }
            try transaction.setMatrixSyncToken(since, account: account)
            return changed
        }
    }

    /// The `file` object (JSON, key included) and media type of the encrypted attachment a synced message shows by
    /// `url` (its `emxc://` URL), or `nil` when no stored message has it.
    public func encryptedFile(shownBy url: String) throws(MessageStoreError) -> (json: String, mimeType: String?)? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT encryptedFile, mimetype FROM matrixMedia WHERE url = ? AND encryptedFile IS NOT NULL LIMIT 1",
                             arguments: [url]).map { ($0["encryptedFile"], $0["mimetype"]) }
        }
    }

    /// The conversation of `roomID` as `account` sees it, if stored.
    public func conversationID(ofRoom roomID: String, account: String) throws(MessageStoreError) -> Int64? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT conversationId FROM matrixRoom WHERE account = ? AND roomId = ?", arguments: [account, roomID])
        }
    }

    /// The message of `eventID` in a conversation, if stored.
    public func message(eventID: String, in conversationID: Int64) throws(MessageStoreError) -> Message? {
        try read { db in try Self.fetchMessages(db, where: "conversationId = ? AND eventId = ?", [conversationID, eventID]).first }
    }

    /// Every Matrix room by conversation id.
    static func matrixRooms(_ db: Database) throws -> [Int64: MatrixRoomSummary] {
        var rooms: [Int64: MatrixRoomSummary] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM matrixRoom") {
            rooms[row["conversationId"]] = MatrixRoomSummary(
                account: row["account"], roomID: row["roomId"],
                membership: MatrixMembership(rawValue: row["membership"]) ?? .leave,
                avatarURL: (row["avatarUrl"] as String?).flatMap(URL.init(string:)),
                unreadCount: row["unreadCount"], inviter: row["inviter"])
        }
        return rooms
    }

    /// The Matrix side of a message row (nil for a demo message).
    static func matrixDetails(_ db: Database, _ row: Row) throws -> MatrixMessageDetails? {
        guard let eventID: String = row["eventId"] else { return nil }
        let id: Int64 = row["id"]
        let conversationID: Int64 = row["conversationId"]
        let media = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM matrixMedia WHERE messageId = ?"), arguments: [id]).map { media in
            MatrixMedia(url: media["url"], width: media["width"], height: media["height"], mimetype: media["mimetype"],
                        size: media["size"], thumbnailURL: media["thumbnailUrl"], blurhash: media["blurhash"],
                        encryptedFile: media["encryptedFile"], fileName: media["fileName"])
        }
        let reactions = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT key, COUNT(*) AS count FROM matrixReaction WHERE conversationId = ? AND target = ?
            GROUP BY key ORDER BY count DESC, key
            """), arguments: [conversationID, eventID]).map { MatrixReactionCount(key: $0["key"], count: $0["count"]) }
        let sender: String = row["sender"] ?? ""
        return MatrixMessageDetails(eventID: eventID, sender: sender,
                                    kind: (row["kind"] as String?).flatMap(MatrixMessageKind.init(rawValue:)) ?? .other,
                                    edited: row["edited"] ?? false, replyTo: row["replyTo"], media: media, reactions: reactions,
                                    senderName: try senderName(db, sender, in: conversationID))
    }

    /// `sender`'s display name in the conversation's room, with its user id when another member present shares the name.
    static func senderName(_ db: Database, _ sender: String, in conversationID: Int64) throws -> String? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: """
            SELECT displayName, EXISTS (SELECT 1 FROM matrixMember o WHERE o.conversationId = m.conversationId AND o.userId != m.userId
              AND o.displayName = m.displayName AND o.present) AS shared
            FROM matrixMember m WHERE m.conversationId = ? AND m.userId = ? AND m.displayName IS NOT NULL
            """), arguments: [conversationID, sender]) else { return nil }
        let name: String = row["displayName"]
        return row["shared"] ? "\(name) (\(sender))" : name
    }
}
