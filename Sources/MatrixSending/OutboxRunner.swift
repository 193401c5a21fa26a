// OutboxRunner: an account's outbox kept sending while a session runs — drained at start (what an earlier run left
// is sent first), whenever it is woken (a draft queued, a retry asked for, the server back) and after a pause while
// sends still wait; each send the server answers has its local echo settled at once.
import Foundation
import MessageStore
import Synchronization

/// Drains one account's outbox in the background.
public final class OutboxRunner: Sendable {
    private let sender: OutboxSender
    private let settling: EchoSettling
    private let store: MessageStore
    private let account: String
    private let pause: Duration
    private let changed: @Sendable () -> Void
    private let wakes: AsyncStream<Void>
    private let wakeUp: AsyncStream<Void>.Continuation
    private let task = Mutex<Task<Void, Never>?>(nil)

    /// A runner of `account`'s outbox in `store` through `sender`, settling echoes through `settling`; `changed` is
    /// called (on any thread) whenever a send's state or an echo changed. Sends still pending after a drain (a
    /// session that ended, a send the sender gave up on for now) are tried again after `pause`.
    public init(sender: OutboxSender, settling: EchoSettling, store: MessageStore, account: String,
                pause: Duration = .seconds(30), changed: @escaping @Sendable () -> Void) {
        self.sender = sender
        self.settling = settling
        self.store = store
        self.account = account
        self.pause = pause
        self.changed = changed
        let stream = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        wakes = stream.stream
        wakeUp = stream.continuation
    }

    deinit { stop() }

    /// Starts draining: at once, then whenever woken (once: a stopped runner stays stopped).
    public func start() {
        task.withLock { task in
            guard task == nil else { return }
            wakeUp.yield()
            task = Task { [self] in await run() }
        }
    }

    /// Asks for a drain: now when none runs, else right after the running one.
    public func wake() { wakeUp.yield() }

    /// Stops draining (a send in flight is resumed by the next start: the outbox recorded its step).
    public func stop() {
        task.withLock { task in
            task?.cancel()
            task = nil
        }
    }

    private func run() async {
        for await _ in wakes {
            if Task.isCancelled { return }
            await settle()
            do {
                try await sender.drain { [self] outcome in
                    changed()
                    if outcome.isSent { Task { await settle() } }
                }
            } catch {
                // The outbox cannot be read or written (the database): the next wake tries again.
                changed()
            }
            await settle()
            if (try? store.pendingOutbox(account: account).isEmpty) == false { wakeLater() }
        }
    }

    private func settle() async {
        if (try? await settling.settleAll()) ?? 0 > 0 { changed() }
    }

    private func wakeLater() {
        Task { [pause, wakeUp] in
            try? await Task.sleep(for: pause)
            wakeUp.yield()
        }
    }
}
