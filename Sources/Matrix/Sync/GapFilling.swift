// GapFilling: the spans limited `/sync`s left out, paged in — `/messages` back from each gap's token, every page stored
// with the gap's next token in one transaction, until the gap meets what was stored before it. Knows nothing of terminals.
import Dispatch
import Foundation
import MessageStore

/// Fills the timeline gaps of one account's rooms.
struct GapFilling: Sendable {
    let client: MatrixClient
    let session: MatrixSession
    let store: MessageStore
    /// Events a request.
    var pageSize = 50
    /// The most pages one call asks for in all (the rest waits for the next sync).
    var pageLimit = 100
    private static let storeQueue = DispatchQueue(label: "snapterm.gap-store")

    /// Pages in every open gap; `stored` hears each conversation a page changed. Throws the first failure (what was
    /// stored stays, and the gap resumes from its kept token).
    func fillAll(stored: @Sendable (Int64) -> Void) async throws {
        var pages = 0
        for var gap in try await onStoreQueue({ [store, session] in try store.matrixGaps(account: session.userID) }) {
            while pages < pageLimit {
                pages += 1
                let page = try await client.olderMessages(session, room: gap.roomID, from: gap.token, limit: pageSize)
                let events = page.chunk.reversed().compactMap(SyncTranslation.timelineEvent)
                let members = SyncTranslation.members(page.state + page.chunk.filter { $0.stateKey != nil })
                let oldest = page.chunk.compactMap(\.originServerTimestamp).min().map { Date(timeIntervalSince1970: Double($0) / 1000) }
                let current = gap
                let outcome = try await onStoreQueue { [store] in
                    try store.applyMatrixGapPage(current, events: events, members: members, pageEventIDs: page.chunk.compactMap(\.eventID),
                                                 oldest: oldest, next: page.end)
                }
                if !events.isEmpty { stored(gap.conversationID) }
                guard !outcome.closed, let next = page.end else { break }
                gap.token = next
            }
        }
    }

    /// Runs a blocking store call off the cooperative pool.
    private func onStoreQueue<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Self.storeQueue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}
