// ScriptedSyncTransport: a MatrixTransport whose `/sync` answers come from a script, one per request — an answer,
// or a failure — then, when the script is done, a long-poll that waits until cancelled (as a quiet server does).
// It keeps every request, for the tests of the sync engine.
import Foundation
import Matrix
import MessageStore
import Synchronization

final class ScriptedSyncTransport: MatrixTransport {
    /// One scripted answer.
    enum Step: Sendable {
        case answer(status: Int, body: Data)
        case fail(MatrixError)
    }

    private let steps: Mutex<[Step]>
    private let requests = Mutex<[MatrixHTTPRequest]>([])

    init(_ steps: [Step]) {
        self.steps = Mutex(steps)
    }

    /// Every request so far.
    var received: [MatrixHTTPRequest] { requests.withLock { $0 } }

    func perform(_ request: MatrixHTTPRequest) async throws(MatrixError) -> MatrixHTTPResponse {
        requests.withLock { $0.append(request) }
        let step = steps.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        switch step {
        case .answer(let status, let body)?: return MatrixHTTPResponse(status: status, body: body)
        case .fail(let error)?: throw error
        case nil:
            // A long-poll with no news: it waits until the engine is cancelled (a stream that never yields ends then).
            let (never, continuation) = AsyncStream<Never>.makeStream()
            for await _ in never {}
            withExtendedLifetime(continuation) {}
            throw .unreachable(url: "http://scripted", reason: "cancelled")
        }
    }
}

extension ScriptedSyncTransport.Step {
    /// A `/sync` answer with `nextBatch` and no news.
    static func empty(_ nextBatch: String) -> Self {
        .answer(status: 200, body: Data(#"{"next_batch": "\#(nextBatch)"}"#.utf8))
    }

    /// The recorded answer `name` (Tests/Fixtures/matrix).
    static func recorded(_ name: String, status: Int = 200) -> Self {
        let answer = RecordedTransport.Answer.recorded(name, status: status)
        return .answer(status: answer.status, body: answer.body)
    }
}

/// The changes an engine reported, from any thread.
final class SyncChanges: Sendable {
    private let changes = Mutex<[SyncEngine.Change]>([])

    func add(_ change: SyncEngine.Change) { changes.withLock { $0.append(change) } }

    /// The states reported, in order.
    var states: [SyncState] {
        changes.withLock { $0.compactMap { if case .state(let state) = $0 { state } else { nil } } }
    }

    /// The conversations of each stored sync or page, in order.
    var stored: [[Int64]] {
        changes.withLock { $0.compactMap { if case .stored(let conversations, _) = $0 { conversations } else { nil } } }
    }

    /// The arrivals of each stored sync, in order.
    var arrivals: [[Int64]] {
        changes.withLock { $0.compactMap { if case .stored(_, let arrivals) = $0 { arrivals } else { nil } } }
    }
}

extension SyncEngine {
    /// The account the scripted sync tests sync as.
    static let scriptedSession = MatrixSession(homeserver: recordedBase, userID: "@alice:localhost", deviceID: "D",
                                               accessToken: "syt_secret_token_value")

    /// An engine syncing `scriptedSession` into `store` over `transport`, with a quick back-off (20–80 ms, no jitter),
    /// reporting to `changes`.
    static func scripted(_ transport: ScriptedSyncTransport, _ store: MessageStore, _ changes: SyncChanges) -> SyncEngine {
        SyncEngine(client: MatrixClient(transport: transport), session: scriptedSession, store: store, pollTimeout: .seconds(30),
                   backoff: SyncBackoff(initial: .milliseconds(20), maximum: .milliseconds(80), random: { 1 }),
                   observer: { changes.add($0) })
    }
}
