// OutboxRunnerLifetimeTests: the runner's task never keeps it alive (dropped, it is freed and stops), `stop()` ends
// the pause before the next drain, and a drain the message database stops (the disk full) is said in `problem` —
// the messages do not stay "sending…" silently — and tried again until there is room.
import Foundation
import Matrix
import MatrixSending
import MessageStore
import Synchronization
import TestSupport
import Testing

@Suite struct OutboxRunnerLifetimeTests {
    private static let account = "@alice:localhost"
    private static let session = MatrixSession(homeserver: URL(string: "http://127.0.0.1:9")!, userID: account,
                                               deviceID: "DEV", accessToken: "secret-token-7f3a")

    /// Counts the runner's pauses begun and cut short.
    private final class Pauses: Sendable {
        private let counts = Mutex((started: 0, cancelled: 0))
        var started: Int { counts.withLock { $0.started } }
        var cancelled: Int { counts.withLock { $0.cancelled } }

        func sleep(_ duration: Duration) async throws {
            counts.withLock { $0.started += 1 }
            do {
                try await Gate().wait()  // a pause only cancelling ends
            } catch {
                counts.withLock { $0.cancelled += 1 }
                throw error
            }
        }
    }

    private static func runner(_ store: MessageStore, _ server: ScriptedHomeserver, pause: Duration = .seconds(30),
                               sleep: @escaping OutboxRunner.Sleep = { try await Task.sleep(for: $0) },
                               changed: @escaping @Sendable () -> Void = {}) -> OutboxRunner {
        OutboxRunner(sender: OutboxDiskFillingTests.sender(store, server),
                     settling: EchoSettling(store: store, account: account, thumbnailLoader: nil, thumbnailURL: { $0 }),
                     store: store, account: account, pause: pause, sleep: sleep, changed: changed)
    }

    @Test func givenAStartedRunner_whenNothingHoldsItAnyMore_thenItIsFreed() async throws {
        let folder = try TemporaryDirectory()
        let (store, _, _) = try OutboxDiskFillingTests.queued(at: folder.appending("m.sqlite").path)
        let server = ScriptedHomeserver()
        weak var dropped: OutboxRunner?
        do {
            let runner = Self.runner(store, server)
            runner.start()
            dropped = runner
            #expect(await eventually { server.eventCount == 2 })
        }
        #expect(await eventually { dropped == nil })
    }

    @Test func givenARunnerPausingBeforeItTriesAgain_whenItIsStopped_thenThePauseEnds() async throws {
        // Given a send the server keeps refusing with a 500: the drain gives up for now and the runner pauses
        let folder = try TemporaryDirectory()
        let (store, _, _) = try OutboxDiskFillingTests.queued(at: folder.appending("m.sqlite").path)
        let server = ScriptedHomeserver()
        server.fail(.send, with: Array(repeating: ScriptedHomeserver.answer(500, #"{"errcode":"M_UNKNOWN","error":"down"}"#), count: 1000))
        let pauses = Pauses()
        let sender = OutboxSender(store: store, client: MatrixClient(transport: server), session: Self.session,
                                  policy: RetryPolicy(initial: .milliseconds(1), maximum: .milliseconds(2), patience: .milliseconds(1)))
        let runner = OutboxRunner(sender: sender, settling: EchoSettling(store: store, account: Self.account, thumbnailLoader: nil,
                                                                         thumbnailURL: { $0 }),
                                  store: store, account: Self.account, sleep: { try await pauses.sleep($0) }, changed: {})
        runner.start()
        #expect(await eventually { pauses.started == 1 })

        // When it is stopped, then its pause is cut short, and no drain follows
        runner.stop()
        #expect(await eventually { pauses.cancelled == 1 })
        let sends = server.requests(to: .send).count
        runner.wake()
        #expect(pauses.started == 1 && server.requests(to: .send).count == sends)
    }

    @Test func givenADiskThatIsFull_whenTheRunnerDrains_thenItSaysSoAndSendsOnceThereIsRoom() async throws {
        // Given a queued text and photo, and a disk with no room for the outbox's next change
        let folder = try TemporaryDirectory()
        let path = folder.appending("m.sqlite").path
        let (store, room, _) = try OutboxDiskFillingTests.queued(at: path)
        let used = try await FillingDisk.install(path)
        let full = try MessageStore(path: path, maximumBytes: used + 2048)
        let server = ScriptedHomeserver()
        let changes = Mutex(0)
        let runner = Self.runner(full, server, pause: .milliseconds(20), changed: { changes.withLock { $0 += 1 } })
        defer { runner.stop() }

        // When it drains, then its problem names the full disk (for the status line) and the screens hear of it
        runner.start()
        let problem = try await eventually { runner.problem }
        #expect(problem?.hasPrefix("messages cannot be sent: the outbox cannot be read or written (") == true, "\(problem ?? "")")
        #expect(problem?.contains("the disk is full") == true)
        #expect(problem?.hasSuffix("— retrying in 20 ms") == true, "\(problem ?? "")")
        #expect(changes.withLock { $0 } > 0)

        // When there is room again, then it sends both, once each, and the problem is gone
        try await FillingDisk.empty(path)
        #expect(await eventually { (try? store.pendingOutbox(account: Self.account).isEmpty) == true && runner.problem == nil })
        #expect(server.eventCount == 2)
        #expect(try store.messages(in: room).allSatisfy { $0.delivery == .sent })
    }
}
