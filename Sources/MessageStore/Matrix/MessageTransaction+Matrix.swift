// MessageTransaction+Matrix: a room's news written into the store — the room as a conversation, events as
// messages keyed by event id (an event stored twice is one row), edits, redactions and reactions applied.
import Foundation
import GRDB

extension MessageTransaction {
    /// Writes what a sync said of one room as `account` sees it; returns its conversation and what arrived.
    @discardableResult
    public func apply(_ update: MatrixRoomUpdate, account: String) throws -> MatrixStoredRoom {
        let conversationID = try roomConversation(update, account: account)
        try keepHistoryStart(token: update.historyToken, reachesStart: update.reachesStart, of: conversationID)
        // News the server cut short: the span between them and the stored events is paged in (MatrixGap).
        if let gap = update.gapToken { try keepGap(token: gap, of: conversationID) }
        try keepMembers(update.members, olderThanStored: false, in: conversationID)
        let arrived = try apply(update.events, account: account, in: conversationID)
        return MatrixStoredRoom(conversationID: conversationID, newMessagesFromOthers: arrived)
    }

    /// Writes timeline events (oldest first) into a room's conversation; returns how many new messages came from others.
    func apply(_ events: [MatrixTimelineEvent], account: String, in conversationID: Int64) throws -> Int {
        var arrived = 0
        for event in events {
            switch event.action {
            case .message(let content):
                if try insertMessage(content, of: event, account: account, in: conversationID), event.sender != account { arrived += 1 }
            case .edit(let target, let text):
                guard try !isRedacted(event.eventID, in: conversationID) else { continue }
                try db.execute(sql: """
                    INSERT OR IGNORE INTO matrixEdit (conversationId, eventId, target, sender, text, sentAt) VALUES (?, ?, ?, ?, ?, ?)
                    """, arguments: [conversationID, event.eventID, target, event.sender, text, event.sentAt])
                try applyNewestEdit(to: target, in: conversationID)
            case .redaction(let target): try redact(target, in: conversationID)
            case .reaction(let target, let key):
                guard try !isRedacted(event.eventID, in: conversationID) else { continue }
                try db.execute(sql: """
                    INSERT OR IGNORE INTO matrixReaction (conversationId, eventId, target, key, sender) VALUES (?, ?, ?, ?, ?)
                    """, arguments: [conversationID, event.eventID, target, key, event.sender])
            }
        }
        return arrived
    }

    /// Keeps `since`, the token the next `/sync` of `account` starts from.
    public func setMatrixSyncToken(_ since: String, account: String) throws {
        try db.execute(sql: "INSERT INTO matrixSync (account, since) VALUES (?, ?) ON CONFLICT(account) DO UPDATE SET since = excluded.since",
                       arguments: [account, since])
    }

    /// The room's conversation, created on first sight; its state columns updated where the update says something.
    private func roomConversation(_ update: MatrixRoomUpdate, account: String) throws -> Int64 {
        let existing = try Int64.fetchOne(db, sql: "SELECT conversationId FROM matrixRoom WHERE account = ? AND roomId = ?",
                                          arguments: [account, update.roomID])
        let conversationID = try existing ?? createConversation(title: update.roomID).id ?? 0
        let heroes = try update.heroes.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        try db.execute(sql: """
            INSERT INTO matrixRoom (conversationId, account, roomId, membership, name, canonicalAlias, heroes, avatarUrl, unreadCount, inviter)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, COALESCE(?, 0), ?)
            ON CONFLICT(conversationId) DO UPDATE SET membership = excluded.membership,
              name = COALESCE(excluded.name, name), canonicalAlias = COALESCE(excluded.canonicalAlias, canonicalAlias),
              heroes = COALESCE(excluded.heroes, heroes), avatarUrl = COALESCE(excluded.avatarUrl, avatarUrl),
              unreadCount = COALESCE(?, unreadCount), inviter = COALESCE(excluded.inviter, inviter)
            """, arguments: [conversationID, account, update.roomID, update.membership.rawValue, update.name, update.canonicalAlias,
                             heroes, update.avatarURL, update.unreadCount, update.inviter, update.unreadCount])
        let row = try Row.fetchOne(db, sql: "SELECT name, canonicalAlias, heroes FROM matrixRoom WHERE conversationId = ?",
                                   arguments: [conversationID])
        let title = MatrixRoomTitle.title(name: row?["name"], canonicalAlias: row?["canonicalAlias"],
                                          heroes: (row?["heroes"] as String?).flatMap(MatrixRoomTitle.heroes(json:)))
        try db.execute(sql: "UPDATE conversation SET title = ? WHERE id = ?", arguments: [title, conversationID])
        return conversationID
    }

    /// Stores a message unless its event is stored already; true when it was new.
    private func insertMessage(_ content: MatrixMessageContent, of event: MatrixTimelineEvent, account: String,
                               in conversationID: Int64) throws -> Bool {
        if try adoptEcho(content, of: event, account: account, in: conversationID) { return false }
        let text = content.kind == .encrypted ? MatrixMessageKind.encryptedNotice : content.body
        let state: MessageState = event.sender == account ? .sent : .received
        try db.execute(sql: """
            INSERT INTO message (conversationId, text, sentAt, state, eventId, sender, kind, replyTo) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(conversationId, eventId) DO NOTHING
            """, arguments: [conversationID, text, event.sentAt, state, event.eventID, event.sender, content.kind.rawValue, content.replyTo])
        guard db.changesCount > 0 else { return false }
        let messageID = db.lastInsertedRowID
        if let media = content.media {
            if content.kind == .image, let url = media.url {
                try db.execute(sql: "INSERT INTO attachment (messageId, position, url) VALUES (?, 0, ?)", arguments: [messageID, url])
            }
            try db.execute(sql: """
                INSERT INTO matrixMedia (messageId, url, width, height, mimetype, size, thumbnailUrl, blurhash, encryptedFile, fileName)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [messageID, media.url, media.width, media.height, media.mimetype, media.size, media.thumbnailURL,
                                 media.blurhash, media.encryptedFile, media.fileName])
        }
        try applyNewestEdit(to: event.eventID, in: conversationID)
        if try isRedacted(event.eventID, in: conversationID) { try redact(event.eventID, in: conversationID) }
        return true
    }

    /// The newest edit of `target` by its own sender becomes its text (an edit by anyone else is ignored).
    private func applyNewestEdit(to target: String, in conversationID: Int64) throws {
        try db.execute(sql: """
            UPDATE message SET edited = 1, text = (
              SELECT e.text FROM matrixEdit e WHERE e.conversationId = message.conversationId AND e.target = message.eventId
                AND e.sender = message.sender ORDER BY e.sentAt DESC, e.eventId DESC LIMIT 1)
            WHERE conversationId = ? AND eventId = ? AND kind NOT IN ('redacted', 'encrypted') AND EXISTS (
              SELECT 1 FROM matrixEdit e WHERE e.conversationId = message.conversationId AND e.target = message.eventId
                AND e.sender = message.sender)
            """, arguments: [conversationID, target])
    }

    /// Whether a redaction of `eventID` was stored.
    private func isRedacted(_ eventID: String, in conversationID: Int64) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM matrixRedaction WHERE conversationId = ? AND target = ?",
                          arguments: [conversationID, eventID]) ?? false
    }

    /// Removes what `target` was: a message's text, media and reactions (the row stays, marked), a reaction, an edit.
    private func redact(_ target: String, in conversationID: Int64) throws {
        // Kept, so a target that comes later (a sync's gap, a page back) is removed when it arrives.
        try db.execute(sql: "INSERT OR IGNORE INTO matrixRedaction (conversationId, target) VALUES (?, ?)", arguments: [conversationID, target])
        if let messageID = try Int64.fetchOne(db, sql: "SELECT id FROM message WHERE conversationId = ? AND eventId = ?",
                                              arguments: [conversationID, target]) {
            try db.execute(sql: "UPDATE message SET text = '', kind = 'redacted', edited = 0, replyTo = NULL WHERE id = ?", arguments: [messageID])
            try db.execute(sql: "DELETE FROM attachment WHERE messageId = ?", arguments: [messageID])
            try db.execute(sql: "DELETE FROM matrixMedia WHERE messageId = ?", arguments: [messageID])
            try db.execute(sql: "DELETE FROM matrixEdit WHERE conversationId = ? AND target = ?", arguments: [conversationID, target])
            try db.execute(sql: "DELETE FROM matrixReaction WHERE conversationId = ? AND target = ?", arguments: [conversationID, target])
            return
        }
        try db.execute(sql: "DELETE FROM matrixReaction WHERE conversationId = ? AND eventId = ?", arguments: [conversationID, target])
        if let edited = try String.fetchOne(db, sql: "SELECT target FROM matrixEdit WHERE conversationId = ? AND eventId = ?",
                                            arguments: [conversationID, target]) {
            try db.execute(sql: "DELETE FROM matrixEdit WHERE conversationId = ? AND eventId = ?", arguments: [conversationID, target])
            try applyNewestEdit(to: edited, in: conversationID)
        }
    }
}
