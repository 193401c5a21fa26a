// HistoryPaging: one page back in a room's history — `/messages` from the stored token, the events stored oldest
// first with the next token in one transaction. Knows nothing of terminals.
import Dispatch
import Foundation
import MessageStore

/// Pages back through the stored rooms of one account.
public struct HistoryPaging: Sendable {
    /// What one page did.
    public enum Outcome: Sendable, Equatable {
        /// Older events were stored (`messages` of them new messages); there may be more.
        case stored(messages: Int)
        /// The room's start is stored: there is nothing older (`messages` new messages came with this last page).
        case reachedStart(messages: Int)
    }

    private let client: MatrixClient
    private let session: MatrixSession
    private let store: MessageStore
    private let pageSize: Int
    private static let storeQueue = DispatchQueue(label: "snapterm.history-store")

    /// Paging for `session`'s rooms in `store`, `pageSize` events a request.
    public init(client: MatrixClient, session: MatrixSession, store: MessageStore, pageSize: Int = 50) {
        self.client = client
        self.session = session
        self.store = store
        self.pageSize = pageSize
    }

    /// Asks for the page before the oldest stored event of conversation `conversationID` and stores it. A
    /// conversation that is no room of this account, or whose start is stored, answers `.reachedStart(messages: 0)`.
    public func pageBack(conversationID: Int64) async throws -> Outcome {
        let position = try await onStoreQueue { [store] in try store.matrixHistory(of: conversationID) }
        guard let position, position.account == session.userID, position.canPageBack, let token = position.token else {
            return .reachedStart(messages: 0)
        }
        let page = try await client.olderMessages(session, room: position.roomID, from: token, limit: pageSize)
        let events = page.chunk.reversed().compactMap(SyncTranslation.timelineEvent)
        let reachesStart = page.end == nil || page.chunk.isEmpty || page.chunk.contains { $0.type == "m.room.create" }
        // The members who wrote these events, as the room's state was then (newest first: with what is stored already, the first one kept wins).
        let members = SyncTranslation.members(page.state + page.chunk.filter { $0.stateKey != nil })
        let stored = try await onStoreQueue { [store] in
            try store.applyMatrixHistory(events, members: members, next: page.end, reachesStart: reachesStart, of: conversationID)
        }
        return reachesStart ? .reachedStart(messages: stored) : .stored(messages: stored)
    }

    /// Runs a blocking store call off the cooperative pool.
    private func onStoreQueue<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Self.storeQueue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
