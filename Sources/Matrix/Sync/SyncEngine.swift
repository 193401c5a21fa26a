// SyncEngine: one account's `/sync` loop — the initial sync through the filter, then long-polls of 30 s from the
// token kept in MessageStore, each answer stored with its token in one transaction (a restart resumes there); the
// spans a limited timeline left out are paged in after it (GapFilling).
// Failures wait with back-off and jitter; a revoked token stops the loop signed out. Knows nothing of terminals.
import Dispatch
import Foundation
import MessageStore

/// Keeps one account's rooms in the message store up to date.
public actor SyncEngine {
    /// What the engine tells its observer.
    public enum Change: Sendable, Equatable {
        /// The state changed.
        case state(SyncState)
        /// A sync was stored; these conversations changed, and in `arrivals` new messages from others came
        /// (none on the first sync: that is history, not news).
        case stored(conversations: [Int64], arrivals: [Int64])
    }

    private let client: MatrixClient
    private let session: MatrixSession
    private let store: MessageStore
    private let filter: SyncFilter
    private let pollTimeout: Duration
    private var backoff: SyncBackoff
    private let now: @Sendable () -> Date
    private let observer: @Sendable (Change) -> Void
    private let storeQueue = DispatchQueue(label: "snapterm.sync-store")

    /// The current state.
    public private(set) var state: SyncState = .starting

    /// An engine for `session` writing into `store`; `observer` hears every change (on the engine's executor:
    /// hand it on, do not block). `pollTimeout` is how long the server may hold a `/sync` open.
    public init(client: MatrixClient, session: MatrixSession, store: MessageStore, filter: SyncFilter = SyncFilter(),
                pollTimeout: Duration = .seconds(30), backoff: SyncBackoff = SyncBackoff(),
                now: @escaping @Sendable () -> Date = { Date() }, observer: @escaping @Sendable (Change) -> Void) {
        self.client = client
        self.session = session
        self.store = store
        self.filter = filter
        self.pollTimeout = pollTimeout
        self.backoff = backoff
        self.now = now
        self.observer = observer
    }

    /// Syncs until the task is cancelled or the session ends (then the state is `signedOut`).
    public func run() async {
        while !Task.isCancelled {
            let wait: Duration
            do {
                try await syncOnce()
                backoff.reset()
                continue
            } catch where Task.isCancelled {
                return
            } catch let error as MatrixError {
                if case .sessionEnded(let homeserver, let user, let soft) = error {
                    set(.signedOut(advice: "log in again with snapterm login \(homeserver) \(user)", softLogout: soft))
                    return
                }
                wait = delay(after: error)
                set(.offline(reason: error.description, retryAt: now().addingTimeInterval(wait.seconds)))
            } catch let error as MessageStoreError {
                wait = backoff.next()
                set(.cannotStore(reason: error.description, retryAt: now().addingTimeInterval(wait.seconds)))
            } catch {
                wait = backoff.next()
                set(.offline(reason: "\(error)", retryAt: now().addingTimeInterval(wait.seconds)))
            }
            do { try await Task.sleep(for: wait) } catch { return }
        }
    }

    /// One `/sync`, stored with its token.
    private func syncOnce() async throws {
        let since = try await onStoreQueue { [store, session] in try store.matrixSyncToken(account: session.userID) }
        let response = try await client.sync(session, since: since, timeout: since == nil ? .zero : pollTimeout, filter: filter)
        let updates = SyncTranslation.updates(response)
        let changed = try await onStoreQueue { [store, session] in
            try store.applyMatrixSync(updates, since: response.nextBatch, account: session.userID)
        }
        set(.live)
        let arrivals = since == nil ? [] : changed.filter { $0.newMessagesFromOthers > 0 }.map(\.conversationID)
        if !changed.isEmpty { observer(.stored(conversations: changed.map(\.conversationID), arrivals: arrivals)) }
        // What a limited timeline left out, paged in before the next long-poll (also gaps a stopped run left open).
        try await GapFilling(client: client, session: session, store: store).fillAll { [observer] conversation in
            observer(.stored(conversations: [conversation], arrivals: []))
        }
    }

    /// The wait after `error`: the server's own when it asks for longer (429), else the back-off's.
    private func delay(after error: MatrixError) -> Duration {
        let wait = backoff.next()
        if case .rateLimited(let milliseconds?) = error { return max(wait, .milliseconds(milliseconds)) }
        return wait
    }

    private func set(_ new: SyncState) {
        guard new != state else { return }
        state = new
        observer(.state(new))
    }

    /// Runs a blocking store call on the engine's own queue, off the cooperative pool.
    private func onStoreQueue<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            storeQueue.async { continuation.resume(with: Result { try body() }) }
        }
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    var seconds: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
