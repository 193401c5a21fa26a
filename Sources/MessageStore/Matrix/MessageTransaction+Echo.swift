// MessageTransaction+Echo: local echoes of Matrix sends — each outbox entry written with a message row keyed by its
// transaction id; the synced event (which carries the id back in `unsigned.transaction_id`) and the outbox's answer
// both land on that row, in either order, so a send is always one message.
import Foundation
import GRDB

extension MessageTransaction {
    /// Writes `message` to the outbox of `account` with a new transaction id.
    public func enqueue(_ message: OutgoingMessage, account: String) throws -> OutboxEntry {
        let transactionID = "snapterm-" + UUID().uuidString.lowercased()
        try db.execute(sql: """
            INSERT INTO matrixOutbox (account, roomId, transactionId, body, content, state, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [account, message.roomID, transactionID, message.body, message.content,
                             (message.preparing ? OutboxState.preparing : .queued).rawValue, now])
        let id = db.lastInsertedRowID
        if let media = message.media {
            try MessageStore.insertMedia(db, id, role: "picture", type: media.pictureType, data: media.picture)
            if let thumbnail = media.thumbnail {
                try MessageStore.insertMedia(db, id, role: "thumbnail", type: media.thumbnailType, data: thumbnail)
            }
        }
        guard let entry = try MessageStore.fetchOutbox(db, where: "id = ?", [id]).first else {
            throw MessageStoreError.operationFailed(reason: "the outbox entry just written is missing")
        }
        return entry
    }

    /// Queues `sends` for the room of `conversationID`, in order, each with its local echo (a message of `account`,
    /// marked sending), and clears the conversation's draft.
    public func enqueue(_ sends: [EchoedSend], account: String, in conversationID: Int64) throws -> [OutboxEntry] {
        try requireConversation(conversationID)
        let entries = try sends.map { send in
            let entry = try enqueue(send.message, account: account)
            try db.execute(sql: """
                INSERT INTO message (conversationId, text, sentAt, state, sender, kind, transactionId) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, arguments: [conversationID, send.message.body, now, MessageState.sent, account,
                                 (send.picture == nil ? MatrixMessageKind.text : .image).rawValue, entry.transactionID])
            if let picture = send.picture {
                try db.execute(sql: "INSERT INTO attachment (messageId, position, url) VALUES (?, 0, ?)",
                               arguments: [db.lastInsertedRowID, picture.absoluteString])
            }
            return entry
        }
        try db.execute(sql: "DELETE FROM draft WHERE conversationId = ?", arguments: [conversationID])
        return entries
    }

    /// The synced `event` of `account` becomes its local echo, when it carries the echo's transaction id: the row gets
    /// the event's id, kind and media but keeps showing the local picture (`settle` switches it once the new URL's
    /// cache entries are seeded). Returns whether an echo took it.
    func adoptEcho(_ content: MatrixMessageContent, of event: MatrixTimelineEvent, account: String,
                   in conversationID: Int64) throws -> Bool {
        guard event.sender == account, let transactionID = event.transactionID,
              let messageID = try Int64.fetchOne(db, sql: """
                  SELECT id FROM message WHERE conversationId = ? AND transactionId = ? AND (eventId IS NULL OR eventId = ?)
                  """, arguments: [conversationID, transactionID, event.eventID])
        else { return false }
        if try dropEchoOfStoredEvent(messageID, eventID: event.eventID, in: conversationID) { return true }
        try db.execute(sql: "UPDATE message SET eventId = ?, sender = ?, kind = ?, replyTo = ?, text = ? WHERE id = ?",
                       arguments: [event.eventID, event.sender, content.kind.rawValue, content.replyTo, content.body, messageID])
        if let media = content.media {
            try db.execute(sql: """
                INSERT OR REPLACE INTO matrixMedia (messageId, url, width, height, mimetype, size, thumbnailUrl, blurhash, encryptedFile, fileName)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [messageID, media.url, media.width, media.height, media.mimetype, media.size, media.thumbnailURL,
                                 media.blurhash, media.encryptedFile, media.fileName])
        }
        return true
    }

    /// The echo of `send` shows the event: its event id (unless the synced event gave it already) and its picture's
    /// `mxc://` URL in place of the local one. Call it once that URL's cache entries hold the local picture.
    public func settle(_ send: SettledSend) throws {
        guard let messageID = try Int64.fetchOne(db, sql: "SELECT id FROM message WHERE conversationId = ? AND transactionId = ?",
                                                 arguments: [send.conversationID, send.transactionID]) else { return }
        if try dropEchoOfStoredEvent(messageID, eventID: send.eventID, in: send.conversationID) { return }
        try db.execute(sql: "UPDATE message SET eventId = ? WHERE id = ?", arguments: [send.eventID, messageID])
        if let mediaURL = send.mediaURL {
            try db.execute(sql: "UPDATE attachment SET url = ? WHERE messageId = ? AND position = 0",
                           arguments: [mediaURL.absoluteString, messageID])
        }
    }
}

extension MessageTransaction {
    /// When another row holds `eventID` already (the event was stored on its own, without its transaction id), that
    /// row is the message: the echo `messageID` is removed. Returns whether it was.
    private func dropEchoOfStoredEvent(_ messageID: Int64, eventID: String, in conversationID: Int64) throws -> Bool {
        guard let holder = try Int64.fetchOne(db, sql: "SELECT id FROM message WHERE conversationId = ? AND eventId = ?",
                                              arguments: [conversationID, eventID]), holder != messageID else { return false }
        try db.execute(sql: "DELETE FROM message WHERE id = ?", arguments: [messageID])
        return true
    }
}

extension MessageStore {
    /// Migration v6: a message row remembers the transaction id of the send it echoes.
    static func createEchoColumns(_ db: Database) throws {
        try db.alter(table: "message") { t in t.add(column: "transactionId", .text) }
        try db.create(index: "message_transactionId", on: "message", columns: ["transactionId"], unique: true)
    }
}
