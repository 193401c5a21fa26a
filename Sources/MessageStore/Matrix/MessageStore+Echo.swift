// MessageStore+Echo: the store's side of local echoes — a draft queued with its echoes in one transaction, the
// sends whose echo waits to show the server's copy, the retry of failed sends, and each echo's delivery mark.
import Foundation
import GRDB

extension MessageStore {
    /// Queues `sends` for the room of `conversationID` with their local echoes and clears the draft, as one
    /// transaction: all of it or nothing (a full disk writes nothing, and the draft stays).
    @discardableResult
    public func enqueue(_ sends: [EchoedSend], account: String, in conversationID: Int64) throws(MessageStoreError) -> [OutboxEntry] {
        try transaction { try $0.enqueue(sends, account: account, in: conversationID) }
    }

    /// The room id and account behind `conversationID`, when it is a Matrix room.
    public func matrixRoom(ofConversation conversationID: Int64) throws(MessageStoreError) -> (roomID: String, account: String)? {
        try read { db -> (roomID: String, account: String)? in
            guard let row = try Row.fetchOne(db, sql: "SELECT roomId, account FROM matrixRoom WHERE conversationId = ?",
                                             arguments: [conversationID]) else { return nil }
            return (roomID: row["roomId"], account: row["account"])
        }
    }

    /// The sends of `account` the server answered whose echo does not show the event yet (no event id, or still
    /// the local picture), oldest first.
    public func sendsToSettle(account: String) throws(MessageStoreError) -> [SettledSend] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT m.conversationId, m.transactionId, o.eventId, a.url AS localUrl, o.mediaUrl FROM message m
                JOIN matrixOutbox o ON o.transactionId = m.transactionId
                LEFT JOIN attachment a ON a.messageId = m.id AND a.position = 0
                WHERE o.account = ? AND o.state = 'sent' AND o.eventId IS NOT NULL
                  AND (m.eventId IS NULL OR (o.mediaUrl IS NOT NULL AND a.url IS NOT o.mediaUrl))
                ORDER BY o.id
                """, arguments: [account]).map { row in
                SettledSend(conversationID: row["conversationId"], transactionID: row["transactionId"], eventID: row["eventId"],
                            localPicture: (row["localUrl"] as String?).flatMap(URL.init(string:)),
                            mediaURL: (row["mediaUrl"] as String?).flatMap(URL.init(string:)))
            }
        }
    }

    /// The echo of `send` shows the server's event (see `MessageTransaction.settle`).
    public func settle(_ send: SettledSend) throws(MessageStoreError) {
        try transaction { try $0.settle(send) }
    }

    /// Puts the failed sends of `conversationID` back in line (state queued, tried again by the outbox; `preparing`
    /// for a picture that was never made ready); returns how many.
    @discardableResult
    public func retryFailedSends(in conversationID: Int64) throws(MessageStoreError) -> Int {
        try transaction { transaction in
            try transaction.db.execute(sql: """
                UPDATE matrixOutbox SET retryable = 1, failure = NULL,
                    state = CASE WHEN CAST(content AS TEXT) LIKE ? THEN 'preparing' ELSE 'queued' END
                WHERE state = 'failed' AND transactionId IN (SELECT transactionId FROM message WHERE conversationId = ?)
                """, arguments: [OutgoingMessage.awaitingMarker + "%", conversationID])
            return transaction.db.changesCount
        }
    }

    /// The delivery mark of a message row: from its outbox entry while it has one, `sent` once that is gone.
    static func delivery(_ db: Database, _ row: Row) throws -> MessageDelivery? {
        guard let transactionID: String = row["transactionId"] else { return nil }
        guard let entry = try Row.fetchOne(db.cachedStatement(sql: "SELECT state, failure, retryable FROM matrixOutbox WHERE transactionId = ?"),
                                           arguments: [transactionID]) else {
            return (row["eventId"] as String?) == nil ? .sending : .sent
        }
        switch OutboxState(rawValue: entry["state"]) {
        case .sent?: return .sent
        case .failed?: return .failed(reason: entry["failure"] ?? "not sent", retried: entry["retryable"])
        default: return .sending
        }
    }
}
