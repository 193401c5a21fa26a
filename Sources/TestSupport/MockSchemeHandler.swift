// MockSchemeHandler: a scriptable scheme handler for tests — "mock the API with a URL protocol".
import Foundation
import SchemeLoader

/// What the mock answers for one URL.
public struct MockResponse: Sendable {
    /// The bytes, delivered in `chunks` pieces.
    public var data: Data
    /// The MIME type reported.
    public var mimeType: String
    /// Where the loader may store it.
    public var storagePolicy: StoragePolicy
    /// When the copy goes stale (`nil`: never).
    public var expiresAt: Date?
    /// How many chunks the data is split into.
    public var chunks: Int
    /// A pause before each chunk.
    public var delay: Duration
    /// Thrown instead of answering, when set.
    public var error: LoadError?
    /// When set, the load waits for this gate to open before answering.
    public var gate: Gate?

    /// Creates a response.
    public init(
        data: Data, mimeType: String = "application/octet-stream", storagePolicy: StoragePolicy = .allowed,
        expiresAt: Date? = nil, chunks: Int = 1, delay: Duration = .zero, error: LoadError? = nil, gate: Gate? = nil
    ) {
        self.data = data
        self.mimeType = mimeType
        self.storagePolicy = storagePolicy
        self.expiresAt = expiresAt
        self.chunks = max(1, chunks)
        self.delay = delay
        self.error = error
        self.gate = gate
    }
}

/// A handler for one custom scheme (default `mock`) that answers from a script and records what
/// it was asked. Unscripted URLs answer with their own canonical text as data. Given `workers`, a load
/// does a piece of work on them (`SchemeLoadTask.work(on:_:)`) once its gate opens, as a decoding handler
/// would after its source arrived, and `workedURLs` records the order that work ran in.
public final class MockSchemeHandler: SchemeHandling {
    private struct State {
        var script: [String: MockResponse] = [:]
        var fallback: MockResponse?
        var loads: [String: Int] = [:]
        var started: [URL] = []
        var worked: [URL] = []
        var active = 0
        var peakActive = 0
        var cancelled = 0
        var revalidations: [String] = []
    }

    /// The scheme handled.
    public let scheme: String
    private let state = Locked(State())
    private let canonicalizer: @Sendable (URL) throws -> URL
    private let workers: WorkerPool?

    /// Creates a mock for `scheme`; `canonicalizer` defaults to the standard custom-scheme form. With `workers`,
    /// each answer is made as the load's work on them.
    public init(scheme: String = "mock", canonicalizer: @escaping @Sendable (URL) throws -> URL = URLCanonicalizer.standard,
                workers: WorkerPool? = nil) {
        self.scheme = scheme
        self.canonicalizer = canonicalizer
        self.workers = workers
    }

    /// Scripts the answer for `url` (compared by canonical form).
    public func stub(_ url: URL, with response: MockResponse) {
        let key = (try? canonicalizer(url).absoluteString) ?? url.absoluteString
        state.withLock { $0.script[key] = response }
    }

    /// Scripts the answer for every URL without its own stub.
    public func stubAll(with response: MockResponse) {
        state.withLock { $0.fallback = response }
    }

    /// How many loads of `url` started (canonical form).
    public func loadCount(for url: URL) -> Int {
        let key = (try? canonicalizer(url).absoluteString) ?? url.absoluteString
        return state.withLock { $0.loads[key, default: 0] }
    }

    /// The URLs of the loads started, in the order they started.
    public var startedURLs: [URL] { state.withLock { $0.started } }
    /// The URLs whose work ran on the workers (given `workers`), in the order it ran.
    public var workedURLs: [URL] { state.withLock { $0.worked } }
    /// All loads started.
    public var totalLoads: Int { state.withLock { $0.loads.values.reduce(0, +) } }
    /// Loads running now.
    public var activeLoads: Int { state.withLock { $0.active } }
    /// The most loads that ever ran at once.
    public var peakActiveLoads: Int { state.withLock { $0.peakActive } }
    /// Loads that ended because their task was cancelled.
    public var cancelledLoads: Int { state.withLock { $0.cancelled } }

    public func canHandle(_ url: URL) -> Bool {
        url.scheme?.lowercased() == scheme
    }

    public func canonicalURL(for url: URL) throws -> URL {
        try canonicalizer(url)
    }

    public func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        let key = task.url.absoluteString
        let response = state.withLock { state -> MockResponse in
            state.loads[key, default: 0] += 1
            state.started.append(task.url)
            state.active += 1
            state.peakActive = max(state.peakActive, state.active)
            return state.script[key] ?? state.fallback ?? MockResponse(data: Data(key.utf8), mimeType: "text/plain")
        }
        defer { state.withLock { $0.active -= 1 } }
        do {
            try await answer(response, to: task, client: client)
        } catch is CancellationError {
            state.withLock { $0.cancelled += 1 }
            throw CancellationError()
        }
    }

    private func answer(_ response: MockResponse, to task: SchemeLoadTask, client: SchemeLoadClient) async throws {
        if let gate = response.gate { try await gate.wait() }
        if let workers {
            try await task.work(on: workers) { [state] in state.withLock { $0.worked.append(task.url) } }
        }
        if let error = response.error { throw error }
        client.didReceive(LoadResponse(
            mimeType: response.mimeType, expectedLength: response.data.count,
            storagePolicy: response.storagePolicy, expiresAt: response.expiresAt))
        let size = max(1, (response.data.count + response.chunks - 1) / response.chunks)
        var offset = 0
        repeat {
            if response.delay > .zero { try await Task.sleep(for: response.delay) }
            try Task.checkCancellation()
            let end = min(response.data.count, offset + size)
            client.didLoad(response.data.subdata(in: offset..<end))
            offset = end
        } while offset < response.data.count
    }
}
