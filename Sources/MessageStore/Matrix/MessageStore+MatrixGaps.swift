// MessageStore+MatrixGaps: the spans a limited `/sync` left out. When a later sync brings a room's timeline with
// `limited: true`, the events between what is stored and the new ones were skipped by the server; the timeline's
// `prev_batch` is kept here as a gap, with the newest stored event's time as its floor. Paging back from it fills
// the span, each page stored with the gap's next token in one transaction (a restart resumes there), until a page
// reaches an event already stored or the floor.
import Foundation
import GRDB

/// A span of a room's timeline the server left out of a sync, still to be paged in.
public struct MatrixGap: Sendable, Equatable {
    /// The room's conversation.
    public var conversationID: Int64
    /// The room id.
    public var roomID: String
    /// The token to page back from (the limited timeline's `prev_batch`, then each page's `end`).
    public var token: String
    /// The time of the newest event stored before the gap: a page reaching it has closed the gap.
    public var floor: Date
}

extension MessageStore {
    /// Migration v9: the gaps still to fill.
    static func addMatrixGapTable(_ db: Database) throws {
        try db.create(table: "matrixGap") { t in
            t.belongsTo("conversation", onDelete: .cascade).notNull()
            t.column("token", .text).notNull()
            t.column("floor", .datetime).notNull()
            t.primaryKey(["conversationId", "token"])
        }
    }

    /// The gaps of `account`'s rooms still to fill, oldest recorded first.
    public func matrixGaps(account: String) throws(MessageStoreError) -> [MatrixGap] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT g.conversationId, r.roomId, g.token, g.floor FROM matrixGap g
                JOIN matrixRoom r ON r.conversationId = g.conversationId
                WHERE r.account = ? AND r.membership = 'join' ORDER BY g.rowid
                """, arguments: [account]).map { row in
                MatrixGap(conversationID: row["conversationId"], roomID: row["roomId"], token: row["token"], floor: row["floor"])
            }
        }
    }

    /// Stores one page of a gap (`events` oldest first, `pageEventIDs` every event id the page held, `oldest` the time
    /// of its oldest event) with the state of the `members` who wrote them, and moves the gap on to `next` — or closes
    /// it when the page reached an event already stored or the gap's floor, or the server has nothing older. One
    /// transaction. Returns how many messages were new and whether the gap is closed.
    public func applyMatrixGapPage(_ gap: MatrixGap, events: [MatrixTimelineEvent], members: [MatrixMember] = [], pageEventIDs: [String],
                                   oldest: Date?, next: String?) throws(MessageStoreError) -> (messages: Int, closed: Bool) {
        try transaction { transaction in
            let db = transaction.db
            guard let account = try String.fetchOne(db, sql: "SELECT account FROM matrixRoom WHERE conversationId = ?",
                                                    arguments: [gap.conversationID]) else { return (0, true) }
            let reachedStored = try pageEventIDs.contains { id in
                try Bool.fetchOne(db, sql: """
                    SELECT EXISTS(SELECT 1 FROM message WHERE conversationId = ?1 AND eventId = ?2)
                        OR EXISTS(SELECT 1 FROM matrixEdit WHERE conversationId = ?1 AND eventId = ?2)
                        OR EXISTS(SELECT 1 FROM matrixReaction WHERE conversationId = ?1 AND eventId = ?2)
                    """, arguments: [gap.conversationID, id]) ?? false
            }
            let reachedFloor = oldest.map { $0 <= gap.floor } ?? false
            let closed = next == nil || pageEventIDs.isEmpty || reachedStored || reachedFloor
            let before = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message WHERE conversationId = ?", arguments: [gap.conversationID]) ?? 0
            try transaction.keepMembers(members, olderThanStored: true, in: gap.conversationID)
            _ = try transaction.apply(events, account: account, in: gap.conversationID)
            if closed {
                try db.execute(sql: "DELETE FROM matrixGap WHERE conversationId = ? AND token = ?", arguments: [gap.conversationID, gap.token])
            } else {
                try db.execute(sql: "UPDATE OR REPLACE matrixGap SET token = ? WHERE conversationId = ? AND token = ?",
                               arguments: [next, gap.conversationID, gap.token])
            }
            let after = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message WHERE conversationId = ?", arguments: [gap.conversationID]) ?? 0
            return (after - before, closed)
        }
    }
}

extension MessageTransaction {
    /// Keeps a limited sync's `prev_batch` as a gap, floored at the newest stored event — only in a room with stored
    /// events: a room new to the store (or only an invitation so far) pages back from its history token instead, on
    /// demand, rather than fetch all its history now. Call before the sync's events are stored.
    func keepGap(token: String, of conversationID: Int64) throws {
        try db.execute(sql: """
            INSERT OR IGNORE INTO matrixGap (conversationId, token, floor)
            SELECT ?1, ?2, MAX(sentAt) FROM message WHERE conversationId = ?1 AND eventId IS NOT NULL HAVING MAX(sentAt) IS NOT NULL
            """, arguments: [conversationID, token])
    }
}
