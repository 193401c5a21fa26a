// MatrixConnection: the logged-in account's sync for the terminal UI — a SyncEngine run in the background whose
// changes reach the screens on the main actor, its state in the status line, invites answered from the keyboard —
// and its outbox, sent while the session runs (woken again when the server comes back).
import Foundation
import Matrix
import MatrixSending
import MessageStore
import SnaptermUI

/// The UI's connection to the stored Matrix account.
@MainActor
final class MatrixConnection: MessageConnection {
    var onChange: (() -> Void)?
    var onArrival: (([Int64]) -> Void)?
    /// The sync's state.
    private(set) var state: SyncState = .starting
    /// The last invite answer that failed, shown until the next change.
    private var problem: String?
    let client: MatrixClient
    let session: MatrixSession
    let store: MessageStore
    /// The account's user id.
    nonisolated var account: String { session.userID }
    private var task: Task<Void, Never>?
    /// The newest event a read receipt was sent for, by room id: each is sent once.
    private var receipts: [String: String] = [:]
    /// The account's outbox, sent in the background (set by the session that builds the connection).
    var outbox: OutboxRunner?
    /// Older messages, paged back on demand.
    private let history: OlderMessagesLoader

    /// A connection syncing `session` into `store`.
    init(session: MatrixSession, store: MessageStore, client: MatrixClient = MatrixClient()) {
        self.session = session
        self.store = store
        self.client = client
        history = OlderMessagesLoader(paging: HistoryPaging(client: client, session: session, store: store), store: store)
        history.onChange = { [weak self] in self?.onChange?() }
    }

    /// Starts syncing and sending in the background.
    func start() {
        guard task == nil else { return }
        let engine = SyncEngine(client: client, session: session, store: store) { [weak self] change in
            Task { @MainActor in self?.apply(change) }
        }
        task = Task { await engine.run() }
        outbox?.start()
    }

    /// Stops syncing and sending (on quit); what the outbox holds is sent by the next run.
    func stop() {
        task?.cancel()
        task = nil
        outbox?.stop()
    }

    /// The outbox changed (a send's state, an echo settled): the screens read the store again.
    nonisolated func outboxChanged() {
        Task { @MainActor in onChange?() }
    }

    func status(at now: Date) -> String {
        "Matrix: " + ([problem, outbox?.problem].compactMap { $0.map { "\($0) · " } }.joined()) + state.summary(at: now)
    }

    var statusCountsDown: Bool {
        switch state {
        case .offline, .cannotStore: true
        case .starting, .live, .signedOut: false
        }
    }

    func shown(conversationID: Int64) {
        guard let room = roomID(of: conversationID),
              let newest = (try? store.messages(in: conversationID))?.last(where: { $0.matrix != nil && $0.state == .received })?.matrix?.eventID,
              receipts[room] != newest else { return }
        receipts[room] = newest
        Task { [client, session] in
            do {
                try await client.sendReadReceipt(session, room: room, event: newest)
            } catch {
                // Not retried on every change (that would be a request per sync): said once, sent with the next message.
                problem = "could not mark the room read: \(error)"
                onChange?()
            }
        }
    }

    func answerInvite(conversationID: Int64, accept: Bool) {
        guard let room = roomID(of: conversationID) else { return }
        problem = nil
        Task { [client, session] in
            do {
                if accept { try await client.join(session, room: room) } else { try await client.leave(session, room: room) }
            } catch {
                problem = "could not \(accept ? "accept" : "decline") the invitation: \(error)"
                onChange?()
            }
        }
    }

    func olderMessages(of conversationID: Int64) -> OlderMessages { history.state(of: conversationID) }

    func loadOlderMessages(of conversationID: Int64) { history.load(conversationID) }

    private func roomID(of conversationID: Int64) -> String? {
        (try? store.conversations())?.first(where: { $0.id == conversationID })?.matrixRoom?.roomID
    }

    private func apply(_ change: SyncEngine.Change) {
        switch change {
        case .state(let new):
            if new == .live, state != .live { outbox?.wake() }  // the server answers again: send what waits
            state = new
        case .stored(_, let arrivals): if !arrivals.isEmpty { onArrival?(arrivals) }
        }
        onChange?()
    }
}
