// MessageStore+Outbox: the Matrix outbox — sends written with their transaction ids before any network call,
// then moved through their states by a sender. Every change is one transaction.
import Foundation
import GRDB

extension MessageStore {
    /// Writes `messages` to the outbox of `account`, in order, each with a new transaction id: all of them or none
    /// (a full disk throws `.diskFull` and writes nothing, so the draft they come from must be kept).
    @discardableResult
    public func enqueue(_ messages: [OutgoingMessage], account: String) throws(MessageStoreError) -> [OutboxEntry] {
        try transaction { transaction in try messages.map { try transaction.enqueue($0, account: account) } }
    }

    /// The entries of `account` with work left (not sent, not failed for good), in outbox order.
    public func pendingOutbox(account: String) throws(MessageStoreError) -> [OutboxEntry] {
        try read { db in
            try Self.fetchOutbox(db, where: "account = ? AND state != 'sent' AND (state != 'failed' OR retryable) ORDER BY id",
                                 [account])
        }
    }

    /// Every entry of `account`, in outbox order.
    public func outbox(account: String) throws(MessageStoreError) -> [OutboxEntry] {
        try read { db in try Self.fetchOutbox(db, where: "account = ? ORDER BY id", [account]) }
    }

    /// The entry `id`, if it exists.
    public func outboxEntry(_ id: Int64) throws(MessageStoreError) -> OutboxEntry? {
        try read { db in try Self.fetchOutbox(db, where: "id = ?", [id]).first }
    }

    /// The bytes entry `id` uploads, or `nil` when it has none (text, or already sent).
    public func outboxMedia(_ id: Int64) throws(MessageStoreError) -> OutboxMedia? {
        try read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT role, mimeType, data FROM matrixOutboxMedia WHERE entryId = ?",
                                        arguments: [id])
            guard let picture = rows.first(where: { $0["role"] == "picture" }) else { return nil }
            let thumbnail = rows.first { $0["role"] == "thumbnail" }
            return OutboxMedia(picture: picture["data"], pictureType: picture["mimeType"], thumbnail: thumbnail?["data"],
                               thumbnailType: thumbnail?["mimeType"] ?? "image/jpeg")
        }
    }

    /// The `preparing` entries of `account`, in outbox order, each with its echo's picture (the draft's URL): what a
    /// restart makes ready again.
    public func awaitingPictures(account: String) throws(MessageStoreError) -> [(entry: OutboxEntry, picture: URL?)] {
        try read { db in
            try Self.fetchOutbox(db, where: "account = ? AND state = 'preparing' ORDER BY id", [account]).map { entry in
                let url = try String.fetchOne(db, sql: """
                    SELECT a.url FROM message m JOIN attachment a ON a.messageId = m.id AND a.position = 0
                    WHERE m.transactionId = ?
                    """, arguments: [entry.transactionID])
                return (entry, url.flatMap(URL.init(string:)))
            }
        }
    }

    /// Fills in the `preparing` entry `id` with its picture's event `content` and `media`, and puts it in line
    /// (queued); returns `false` when it no longer waits (sent, or failed and not retried).
    @discardableResult
    public func completePreparation(_ id: Int64, content: Data, media: OutboxMedia) throws(MessageStoreError) -> Bool {
        try transaction { transaction in
            try transaction.db.execute(sql: "UPDATE matrixOutbox SET content = ?, state = 'queued' WHERE id = ? AND state = 'preparing'",
                                       arguments: [content, id])
            guard transaction.db.changesCount == 1 else { return false }
            try transaction.db.execute(sql: "DELETE FROM matrixOutboxMedia WHERE entryId = ?", arguments: [id])
            try Self.insertMedia(transaction.db, id, role: "picture", type: media.pictureType, data: media.picture)
            if let thumbnail = media.thumbnail {
                try Self.insertMedia(transaction.db, id, role: "thumbnail", type: media.thumbnailType, data: thumbnail)
            }
            return true
        }
    }

    /// Moves entry `id` to `state` (queued, uploading or sending).
    public func setOutboxState(_ id: Int64, _ state: OutboxState) throws(MessageStoreError) {
        try update("UPDATE matrixOutbox SET state = ? WHERE id = ?", [state.rawValue, id])
    }

    /// Keeps the `mxc://` URIs of entry `id`'s picture and thumbnail: reserved until `expiresAt` (when the server
    /// said), or already `uploaded` (a server without reservations).
    public func setOutboxMediaURLs(_ id: Int64, picture: String, thumbnail: String?, expiresAt: Date? = nil,
                                   uploaded: Bool = false) throws(MessageStoreError) {
        try update("UPDATE matrixOutbox SET mediaUrl = ?, thumbnailUrl = ?, mediaExpiresAt = ?, uploaded = ? WHERE id = ?",
                   [picture, thumbnail, expiresAt, uploaded, id])
    }

    /// Entry `id`'s event is sent as `eventID` before its picture's bytes: it stays `uploading`, its bytes kept,
    /// until `setOutboxSent`.
    public func setOutboxEventSent(_ id: Int64, eventID: String) throws(MessageStoreError) {
        try update("UPDATE matrixOutbox SET state = 'uploading', eventId = ?, failure = NULL WHERE id = ?", [eventID, id])
    }

    /// Notes that entry `id`'s bytes are uploaded.
    public func setOutboxUploaded(_ id: Int64) throws(MessageStoreError) {
        try update("UPDATE matrixOutbox SET uploaded = 1 WHERE id = ?", [id])
    }

    /// Entry `id` is sent as `eventID`: its bytes are no longer kept.
    public func setOutboxSent(_ id: Int64, eventID: String) throws(MessageStoreError) {
        try transaction { transaction in
            try transaction.db.execute(sql: "UPDATE matrixOutbox SET state = 'sent', eventId = ?, failure = NULL WHERE id = ?",
                                       arguments: [eventID, id])
            try transaction.db.execute(sql: "DELETE FROM matrixOutboxMedia WHERE entryId = ?", arguments: [id])
        }
    }

    /// Entry `id` failed because of `reason`; a `retryable` one stays pending, counting the attempt.
    public func setOutboxFailed(_ id: Int64, reason: String, retryable: Bool) throws(MessageStoreError) {
        try update("UPDATE matrixOutbox SET state = 'failed', failure = ?, retryable = ?, attempts = attempts + 1 WHERE id = ?",
                   [reason, retryable, id])
    }

    private func update(_ sql: String, _ arguments: StatementArguments) throws(MessageStoreError) {
        try transaction { try $0.db.execute(sql: sql, arguments: arguments) }
    }

    static func insertMedia(_ db: Database, _ id: Int64, role: String, type: String, data: Data) throws {
        try db.execute(sql: "INSERT INTO matrixOutboxMedia (entryId, role, mimeType, data) VALUES (?, ?, ?, ?)",
                       arguments: [id, role, type, data])
    }

    static func fetchOutbox(_ db: Database, where clause: String, _ arguments: StatementArguments) throws -> [OutboxEntry] {
        try Row.fetchAll(db, sql: "SELECT * FROM matrixOutbox WHERE \(clause)", arguments: arguments).map { row in
            OutboxEntry(id: row["id"], account: row["account"], roomID: row["roomId"], transactionID: row["transactionId"],
                        body: row["body"], content: row["content"],
                        state: OutboxState(rawValue: row["state"]) ?? .failed, failure: row["failure"],
                        retryable: row["retryable"], attempts: row["attempts"], mediaURL: row["mediaUrl"],
                        thumbnailURL: row["thumbnailUrl"], mediaExpiresAt: row["mediaExpiresAt"], uploaded: row["uploaded"],
                        eventID: row["eventId"], createdAt: row["createdAt"])
        }
    }
}
