// MessageTransaction: the writes of the message store, made inside one transaction.
import Foundation
import GRDB

/// One write transaction on the message database. `MessageStore`'s own writes are each one
/// transaction; `MessageStore.transaction(_:)` hands one to a body that makes several writes
/// together (all land, or none). Valid only inside that body.
public struct MessageTransaction {
    let db: Database
    let now: Date

    /// True when there are no conversations yet (a first run).
    public func isEmpty() throws -> Bool { try Conversation.fetchCount(db) == 0 }

    /// Creates a conversation.
    @discardableResult
    public func createConversation(title: String) throws -> Conversation {
        var conversation = Conversation(title: title, createdAt: now)
        try conversation.insert(db)
        conversation.id = db.lastInsertedRowID
        return conversation
    }

    /// Keeps `sketch` (a `ColourSketch` text form) as the stand-in of the picture at `url`, replacing an older one;
    /// a message's sender gives it, so a list can draw it before the picture arrives.
    public func setSketch(_ sketch: String, for url: URL) throws {
        try db.execute(sql: "INSERT OR REPLACE INTO pictureSketch (url, sketch) VALUES (?, ?)",
                       arguments: [url.absoluteString, sketch])
    }

    /// Stores a message from the other party.
    @discardableResult
    public func receive(text: String, attachments: [URL] = [], in conversationID: Int64, at date: Date) throws -> Message {
        try requireConversation(conversationID)
        return try insertMessage(text: text, attachments: attachments, state: .received, at: date, in: conversationID, key: nil)
    }

    /// Stores `draft` as sent and clears the conversation's draft. The send-once key is `key`, else
    /// the draft's own, else the one saved with the conversation's draft, else a new one; a message
    /// already stored under it is returned instead of a second copy.
    @discardableResult
    public func send(_ draft: Draft, in conversationID: Int64, key: UUID? = nil) throws -> Message {
        try requireConversation(conversationID)
        let saved = try String.fetchOne(db, sql: "SELECT sendKey FROM draft WHERE conversationId = ?", arguments: [conversationID])
        let key = (key ?? draft.sendKey ?? saved.flatMap(UUID.init(uuidString:)) ?? UUID()).uuidString
        if let existing = try MessageStore.fetchMessages(db, where: "sendKey = ?", [key]).first { return existing }
        let message = try insertMessage(text: draft.text, attachments: draft.attachments, state: .sent, at: now,
                                        in: conversationID, key: key)
        try db.execute(sql: "DELETE FROM draft WHERE conversationId = ?", arguments: [conversationID])
        return message
    }

    /// Saves (or, when empty, removes) the draft of a conversation; returns its send-once key
    /// (kept from the saved draft, else the draft's own unless already sent, else new), `nil` when
    /// it was removed.
    @discardableResult
    public func saveDraft(_ draft: Draft, for conversationID: Int64) throws -> UUID? {
        try requireConversation(conversationID)
        guard !draft.isEmpty || !draft.text.isEmpty else {
            try db.execute(sql: "DELETE FROM draft WHERE conversationId = ?", arguments: [conversationID])
            return nil
        }
        // A key whose message was already sent (by another process) names that message: a draft
        // saved after it is a new one and gets a new key.
        var offered = draft.sendKey ?? UUID()
        if try !MessageStore.fetchMessages(db, where: "sendKey = ?", [offered.uuidString]).isEmpty { offered = UUID() }
        let urls = String(decoding: try JSONEncoder().encode(draft.attachments.map(\.absoluteString)), as: UTF8.self)
        try db.execute(sql: """
            INSERT INTO draft (conversationId, text, attachments, updatedAt, sendKey, original) VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(conversationId) DO UPDATE SET text = excluded.text, attachments = excluded.attachments,
            updatedAt = excluded.updatedAt, sendKey = COALESCE(draft.sendKey, excluded.sendKey), original = excluded.original
            """, arguments: [conversationID, draft.text, urls, now, offered.uuidString, draft.original])
        let key = try String.fetchOne(db, sql: "SELECT sendKey FROM draft WHERE conversationId = ?", arguments: [conversationID])
        return key.flatMap(UUID.init(uuidString:))
    }

    func requireConversation(_ id: Int64) throws {
        guard try Conversation.exists(db, key: id) else { throw MessageStoreError.unknownConversation(id) }
    }

    private func insertMessage(
        text: String, attachments: [URL], state: MessageState, at date: Date, in conversationID: Int64, key: String?
    ) throws -> Message {
        try db.execute(sql: "INSERT INTO message (conversationId, text, sentAt, state, sendKey) VALUES (?, ?, ?, ?, ?)",
                       arguments: [conversationID, text, date, state, key])
        let id = db.lastInsertedRowID
        for (position, url) in attachments.enumerated() {
            try db.execute(sql: "INSERT INTO attachment (messageId, position, url) VALUES (?, ?, ?)",
                           arguments: [id, position, url.absoluteString])
        }
        return Message(id: id, conversationID: conversationID, text: text, sentAt: date, state: state, attachments: attachments)
    }
}
