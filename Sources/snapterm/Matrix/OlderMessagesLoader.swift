// OlderMessagesLoader: the account's paging back for the screens — one `/messages` page at a time per room, asked when
// a conversation is scrolled to its top; its state (loading, failed, the start reached) kept per conversation.
import Foundation
import Matrix
import MessageStore
import SnaptermUI

/// Loads a conversation's older messages on demand.
@MainActor
final class OlderMessagesLoader {
    /// Called (on the main actor, after the call that caused it) when a state changed or a page was stored.
    var onChange: (() -> Void)?
    private let paging: HistoryPaging
    private let store: MessageStore
    private var states: [Int64: OlderMessages] = [:]

    /// A loader paging with `paging` through the rooms in `store`.
    init(paging: HistoryPaging, store: MessageStore) {
        self.paging = paging
        self.store = store
    }

    /// Where paging back in `conversationID` stands: known from this session, else from the stored position.
    func state(of conversationID: Int64) -> OlderMessages {
        if let state = states[conversationID] { return state }
        let position: MatrixHistoryPosition?
        do { position = try store.matrixHistory(of: conversationID) } catch { return .unavailable }  // asked again later
        guard let position else {
            states[conversationID] = .unavailable  // a local conversation never becomes a room
            return .unavailable
        }
        let state: OlderMessages = position.reachedStart ? .complete : position.canPageBack ? .available : .unavailable
        if state != .unavailable { states[conversationID] = state }  // a room not synced yet may get a token later
        return state
    }

    /// Asks for the page before the oldest stored message, unless one is on its way or the start is stored.
    func load(_ conversationID: Int64) {
        switch state(of: conversationID) {
        case .available, .failed: break
        case .loading, .complete, .unavailable: return
        }
        set(.loading, of: conversationID)
        Task { [paging] in
            do {
                switch try await paging.pageBack(conversationID: conversationID) {
                case .stored: set(.available, of: conversationID)
                case .reachedStart: set(.complete, of: conversationID)
                }
            } catch {
                set(.failed("\(error)"), of: conversationID)
            }
        }
    }

    private func set(_ state: OlderMessages, of conversationID: Int64) {
        states[conversationID] = state
        Task { @MainActor [weak self] in self?.onChange?() }
    }
}
