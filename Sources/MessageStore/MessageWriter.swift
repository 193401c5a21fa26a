// MessageWriter: drafts and sends written on a thread of their own, so a locked database never blocks
// the caller — saves coalesced (the latest text wins), every write retried until it lands.
import Foundation

/// Writes drafts and sends messages to a `MessageStore` in the order asked, never making the caller wait
/// for a lock. With nothing pending, a write is made at once on the caller's thread without waiting (so
/// each key is on disk before the next, as before); a write the database refuses — locked by another
/// process, or failing — is kept and tried again on a thread of its own until it lands, and `status`
/// says why it waits meanwhile. A draft save waiting its turn is replaced by a newer save of the same
/// conversation (the latest text wins); a send is never merged or dropped. Observers hear of every change.
public final class MessageWriter: @unchecked Sendable {
    // @unchecked: every mutable field is read and written only while `condition` is locked.

    /// One write not yet made.
    public struct Pending: Sendable, Equatable {
        /// A draft save, or a send.
        public enum Kind: Sendable, Equatable { case saveDraft, send }
        /// What is written.
        public var kind: Kind
        /// The conversation.
        public var conversationID: Int64
        /// The draft saved or sent.
        public var draft: Draft
        /// Bumped each time a newer save replaces the draft.
        var version = 0
    }

    /// Where the writes stand.
    public enum Status: Sendable, Equatable {
        /// Every write has landed (or one is under way and has not been refused yet).
        case current
        /// The last attempt was refused for `reason`; the writes are kept and tried again.
        case waiting(reason: MessageStoreError)
    }

    /// The store written to.
    public let store: MessageStore
    private let attemptWait: TimeInterval
    private let retryDelay: TimeInterval
    private let condition = NSCondition()
    private var queue: [Pending] = []
    private var running = false
    private var currentStatus = Status.current
    private var observers: [UUID: @Sendable () -> Void] = [:]

    /// A writer for `store`. Each attempt waits at most `attemptWait` for another process's lock (so
    /// `status` soon says why a write waits); a write that failed otherwise is tried again after `retryDelay`.
    public init(store: MessageStore, attemptWait: TimeInterval = 0.25, retryDelay: TimeInterval = 1) {
        self.store = store
        self.attemptWait = attemptWait
        self.retryDelay = retryDelay
    }

    // MARK: Asking

    /// Saves `draft` as the draft of `conversationID`; returns whether it is written already (else it is
    /// pending). A save of the same conversation still waiting its turn takes this draft instead: only
    /// the latest text is written.
    @discardableResult
    public func saveDraft(_ draft: Draft, for conversationID: Int64) -> Bool {
        if writeAtOnce(Pending(kind: .saveDraft, conversationID: conversationID, draft: draft)) != nil { return true }
        enqueue { queue in
            if let last = queue.lastIndex(where: { $0.conversationID == conversationID }), queue[last].kind == .saveDraft {
                queue[last].draft = draft
                queue[last].version += 1
            } else {
                queue.append(Pending(kind: .saveDraft, conversationID: conversationID, draft: draft))
            }
        }
        return false
    }

    /// Sends `draft` in `conversationID`: the message is stored, and the draft cleared, in one transaction.
    /// Returns the message when that is done at once; `nil` when it is pending (see `pending`). Its
    /// send-once key makes a retried send store the message once.
    public func send(_ draft: Draft, in conversationID: Int64) -> Message? {
        var draft = draft
        if draft.sendKey == nil, let saved = try? store.draft(for: conversationID).sendKey { draft.sendKey = saved }
        if draft.sendKey == nil { draft.sendKey = UUID() }
        let write = Pending(kind: .send, conversationID: conversationID, draft: draft)
        if let written = writeAtOnce(write) { return written }
        enqueue { $0.append(write) }
        return nil
    }

    // MARK: Watching

    /// The writes not made yet, in order.
    public var pending: [Pending] { condition.withLock { queue } }

    /// Whether the writes are current or wait (and why).
    public var status: Status { condition.withLock { currentStatus } }

    /// The draft of `conversationID` as it will be once the writes land: the latest pending save or
    /// send of it (a send leaves an empty draft), `nil` when none is pending (the store's is current).
    public func pendingDraft(for conversationID: Int64) -> Draft? {
        condition.withLock {
            guard let last = queue.last(where: { $0.conversationID == conversationID }) else { return nil }
            return last.kind == .send ? Draft() : last.draft
        }
    }

    /// Calls `body` after every change of `pending` or `status` — on the thread that made it, never with a
    /// lock held — until the returned token's `cancel()`.
    public func observe(_ body: @escaping @Sendable () -> Void) -> Observation {
        let id = UUID()
        condition.withLock { observers[id] = body }
        return Observation { [weak self] in
            guard let self else { return }
            condition.withLock { _ = observers.removeValue(forKey: id) }
        }
    }

    /// An observer's registration.
    public struct Observation: Sendable {
        fileprivate let cancelling: @Sendable () -> Void
        /// Stops the calls.
        public func cancel() { cancelling() }
    }

    /// Waits up to `timeout` for every pending write to land; returns whether they all did.
    @discardableResult
    public func flush(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !queue.isEmpty {
            guard condition.wait(until: deadline) else { return queue.isEmpty }
        }
        return true
    }

    // MARK: Writing

    /// Makes `write` now, waiting for no lock, when nothing is pending (a write must not overtake an
    /// older one): the message sent, or `nil` for a draft. `nil` as well when it was refused (`status` says why).
    private func writeAtOnce(_ write: Pending) -> Message?? {
        guard condition.withLock({ queue.isEmpty }) else { return nil }
        do {
            return try perform(write, waiting: 0)
        } catch {
            condition.withLock { currentStatus = .waiting(reason: error) }
            return nil
        }
    }

    private func enqueue(_ change: (inout [Pending]) -> Void) {
        let start = condition.withLock {
            change(&queue)
            defer { running = true }
            return !running
        }
        notify()
        if start { Thread.detachNewThread { [self] in drain() } }
    }

    /// Makes the writes one by one, on a thread of its own, until none is left.
    private func drain() {
        // Taking the next write and finding none (then `running = false`) happen under one lock, so a
        // write asked for meanwhile is either taken here or starts a drain of its own.
        while let (write, version) = condition.withLock({ () -> (Pending, Int)? in
            guard let first = queue.first else {
                running = false
                condition.broadcast()
                return nil
            }
            return (first, first.version)
        }) {
            do {
                _ = try perform(write, waiting: attemptWait)
                condition.withLock {
                    // A newer save that replaced this one during the attempt stays, to be written next.
                    if queue.first?.version == version { queue.removeFirst() }
                    currentStatus = .current
                    condition.broadcast()
                }
            } catch {
                condition.withLock { currentStatus = .waiting(reason: error) }
                notify()
                // Locked: the attempt itself waited. Other failures: wait before the next try.
                if error != .locked(path: store.path) { Thread.sleep(forTimeInterval: retryDelay) }
                continue
            }
            notify()
        }
        notify()
    }

    /// Makes `write`, waiting at most `wait` for another process's lock: the message sent, or `nil` for a draft.
    private func perform(_ write: Pending, waiting wait: TimeInterval) throws(MessageStoreError) -> Message? {
        switch write.kind {
        case .saveDraft:
            _ = try store.transaction(waitingAtMost: wait) { try $0.saveDraft(write.draft, for: write.conversationID) }
            return nil
        case .send:
            return try store.transaction(waitingAtMost: wait) { try $0.send(write.draft, in: write.conversationID) }
        }
    }

    private func notify() {
        let calls = condition.withLock { Array(observers.values) }
        for call in calls { call() }
    }
}
