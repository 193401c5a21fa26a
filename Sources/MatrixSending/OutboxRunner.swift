// OutboxRunner: an account's outbox kept sending while a session runs — drained at start (what an earlier run left
// is sent first), whenever it is woken (a draft queued, a retry asked for, the server back) and after a pause while
// sends still wait; each send the server answers has its local echo settled at once. A drain the message database
// stops (the disk full) is said in `problem`, never swallowed. The runner's task holds it weakly: dropped, it stops.
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
    private let sleep: Sleep
    private let changed: @Sendable () -> Void
    private let wakes: AsyncStream<Void>
    private let wakeUp: AsyncStream<Void>.Continuation
    private let tasks = Mutex(Tasks())
    private let failure = Mutex<String?>(nil)

    private struct Tasks {
        var run: Task<Void, Never>?
        var later: Task<Void, Never>?
        var stopped = false
    }

    /// How the runner waits out its pause (`Task.sleep`); it must throw when its task is cancelled.
    public typealias Sleep = @Sendable (Duration) async throws -> Void

    /// A runner of `account`'s outbox in `store` through `sender`, settling echoes through `settling`; `changed` is
    /// called (on any thread) whenever a send's state, an echo or `problem` changed. Sends still pending after a
    /// drain (a session that ended, a send the sender gave up on for now, a database that failed) are tried again
    /// after `pause`, waited out with `sleep`.
    public init(sender: OutboxSender, settling: EchoSettling, store: MessageStore, account: String,
                pause: Duration = .seconds(30), sleep: @escaping Sleep = { try await Task.sleep(for: $0) },
                changed: @escaping @Sendable () -> Void) {
        self.sender = sender
        self.settling = settling
        self.store = store
        self.account = account
        self.pause = pause
        self.sleep = sleep
        self.changed = changed
        let stream = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        wakes = stream.stream
        wakeUp = stream.continuation
    }

    deinit { stop() }

    /// Why the last drain could not read or write the outbox, as a sentence for the status line; `nil` once one did.
    public var problem: String? { failure.withLock { $0 } }

    /// Starts draining: at once, then whenever woken (once: a stopped runner stays stopped).
    public func start() {
        tasks.withLock { tasks in
            guard tasks.run == nil, !tasks.stopped else { return }
            wakeUp.yield()
            tasks.run = Task { [wakes, weak self] in
                for await _ in wakes {
                    guard let self, !Task.isCancelled else { return }
                    await self.drain()
                }
            }
        }
    }

    /// Asks for a drain: now when none runs, else right after the running one.
    public func wake() { wakeUp.yield() }

    /// Stops draining, and the pause before the next drain (a send in flight is resumed by the next run: the outbox
    /// recorded its step).
    public func stop() {
        tasks.withLock { tasks in
            tasks.stopped = true
            tasks.run?.cancel()
            tasks.later?.cancel()
            tasks.run = nil
            tasks.later = nil
        }
        wakeUp.finish()
    }

    private func drain() async {
        await settle()
        do {
            try await sender.drain { [weak self] outcome in
                guard let self else { return }
                changed()
                if outcome.isSent { Task { [weak self] in await self?.settle() } }
            }
            report(nil)
        } catch {
            report("messages cannot be sent: the outbox cannot be read or written (\(error)) — retrying in \(Self.words(pause))")
        }
        await settle()
        if failure.withLock({ $0 }) != nil || (try? store.pendingOutbox(account: account).isEmpty) == false { wakeLater() }
    }

    private func report(_ problem: String?) {
        let differs = failure.withLock { failure in
            defer { failure = problem }
            return failure != problem
        }
        if differs || problem != nil { changed() }
    }

    private func settle() async {
        if (try? await settling.settleAll()) ?? 0 > 0 { changed() }
    }

    private func wakeLater() {
        tasks.withLock { tasks in
            guard !tasks.stopped, tasks.later == nil else { return }
            tasks.later = Task { [pause, sleep, wakeUp, weak self] in
                try? await sleep(pause)
                self?.tasks.withLock { $0.later = nil }
                if !Task.isCancelled { wakeUp.yield() }
            }
        }
    }

    private static func words(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds >= 1 ? "\(seconds) s" : "\(duration.components.attoseconds / 1_000_000_000_000_000) ms"
    }
}
