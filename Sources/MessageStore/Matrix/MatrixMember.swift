// MatrixMember: a room member's display name as its `m.room.member` state says (members are lazy-loaded: those who
// wrote in the synced or paged timeline come with it).
import GRDB

/// What a room's state says of one member.
public struct MatrixMember: Sendable, Equatable {
    /// The member's user id.
    public var userID: String
    /// Its display name in this room (nil or empty: none, the user id is shown).
    public var displayName: String?
    /// Whether it is in the room (joined or invited); one that left keeps its name for its old messages.
    public var isPresent: Bool

    /// A member.
    public init(userID: String, displayName: String?, isPresent: Bool) {
        self.userID = userID
        self.displayName = displayName
        self.isPresent = isPresent
    }
}

extension MessageTransaction {
    /// Keeps what `members`' state says; `olderThanStored` (a page back's state) adds only members not stored yet.
    func keepMembers(_ members: [MatrixMember], olderThanStored: Bool, in conversationID: Int64) throws {
        for member in members {
            let name = member.displayName.flatMap { $0.isEmpty ? nil : $0 }
            try db.execute(sql: """
                INSERT INTO matrixMember (conversationId, userId, displayName, present) VALUES (?, ?, ?, ?)
                ON CONFLICT(conversationId, userId) DO \(olderThanStored ? "NOTHING" : "UPDATE SET displayName = excluded.displayName, present = excluded.present")
                """, arguments: [conversationID, member.userID, name, member.isPresent])
        }
    }
}
