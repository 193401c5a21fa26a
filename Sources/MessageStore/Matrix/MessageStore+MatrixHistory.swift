// MessageStore+MatrixHistory: how far back a Matrix room's stored history reaches — the token `/messages` pages
// back from (the first sync's `prev_batch`, then each page's `end`) and whether the room's start was reached — and
// the older events a page brought, written with the new token in one transaction.
import Foundation
import GRDB

/// Where paging back in a room stands.
public struct MatrixHistoryPosition: Sendable, Equatable {
    /// The room id.
    public var roomID: String
    /// The account that sees it.
    public var account: String
    /// The token to page back from; nil before any sync showed the room's timeline.
    public var token: String?
    /// Whether the room's start (its creation) is stored: nothing older exists.
    public var reachedStart: Bool

    /// Whether there may be older events to ask for.
    public var canPageBack: Bool { !reachedStart && token != nil }
}

extension MessageStore {
    /// Migration v6: the paging position of each room, and every redaction's target (history comes in any order: a
    /// redaction may be stored before the event it removes).
    static func addMatrixHistoryTables(_ db: Database) throws {
        try db.alter(table: "matrixRoom") { t in
            t.add(column: "historyToken", .text)
            t.add(column: "historyComplete", .boolean).notNull().defaults(to: false)
        }
        try db.create(table: "matrixMember") { t in
            t.belongsTo("conversation", onDelete: .cascade).notNull()
            t.column("userId", .text).notNull()
            t.column("displayName", .text)
            t.column("present", .boolean).notNull()
            t.primaryKey(["conversationId", "userId"])
        }
        try db.create(table: "matrixRedaction") { t in
            t.belongsTo("conversation", onDelete: .cascade).notNull()
            t.column("target", .text).notNull()
            t.primaryKey(["conversationId", "target"])
        }
    }

    /// How far back the stored history of conversation `conversationID` reaches; nil for a conversation that is no
    /// Matrix room.
    public func matrixHistory(of conversationID: Int64) throws(MessageStoreError) -> MatrixHistoryPosition? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT roomId, account, historyToken, historyComplete FROM matrixRoom WHERE conversationId = ?",
                             arguments: [conversationID]).map { row in
                MatrixHistoryPosition(roomID: row["roomId"], account: row["account"], token: row["historyToken"],
                                      reachedStart: row["historyComplete"])
            }
        }
    }

    /// Stores a page of older events (oldest first) of conversation `conversationID`, the state of the `members` who
    /// wrote them (kept only for members not stored yet: a page's state is older than a sync's), and where the next page starts:
    /// `next` (nil when the server has no more) — one transaction, so a page is stored whole with its token. Returns how
    /// many messages were new.
    @discardableResult
    public func applyMatrixHistory(_ events: [MatrixTimelineEvent], members: [MatrixMember] = [], next: String?, reachesStart: Bool,
                                   of conversationID: Int64) throws(MessageStoreError) -> Int {
        try transaction { transaction in
            guard let account = try String.fetchOne(transaction.db, sql: "SELECT account FROM matrixRoom WHERE conversationId = ?",
                                                    arguments: [conversationID]) else { return 0 }
            let before = try Int.fetchOne(transaction.db, sql: "SELECT COUNT(*) FROM message WHERE conversationId = ?",
                                          arguments: [conversationID]) ?? 0
            try transaction.keepMembers(members, olderThanStored: true, in: conversationID)
            _ = try transaction.apply(events, account: account, in: conversationID)
            try transaction.db.execute(sql: "UPDATE matrixRoom SET historyToken = ?, historyComplete = ? WHERE conversationId = ?",
                                       arguments: [next, next == nil || reachesStart, conversationID])
            let after = try Int.fetchOne(transaction.db, sql: "SELECT COUNT(*) FROM message WHERE conversationId = ?",
                                         arguments: [conversationID]) ?? 0
            return after - before
        }
    }
}

extension MessageTransaction {
    /// A sync's word on a room's history: the first token kept (paging back starts there and moves it), the start
    /// marked once a timeline reaches it.
    func keepHistoryStart(token: String?, reachesStart: Bool, of conversationID: Int64) throws {
        try db.execute(sql: """
            UPDATE matrixRoom SET historyToken = COALESCE(historyToken, ?), historyComplete = historyComplete OR ?
            WHERE conversationId = ?
            """, arguments: [token, reachesStart, conversationID])
    }
}
