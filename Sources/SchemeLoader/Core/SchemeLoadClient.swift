// SchemeLoadClient: what a handler reports to while loading (like URLProtocolClient).
import Foundation

/// Receives a handler's response, data chunks and revalidation verdict. Thread-safe.
public final class SchemeLoadClient: Sendable {
    struct Received: Sendable {
        var response: LoadResponse?
        var data = Data()
        var revalidated: LoadResponse?
        var isStale = false
    }

    private let received = Locked(Received())
    private let onProgress: @Sendable (LoadProgress, Data?) -> Void
    private let wantsBytes: @Sendable () -> Bool

    /// `onProgress` hears each step, with the bytes so far when `wantsBytes` says someone reads them.
    init(wantsBytes: @escaping @Sendable () -> Bool = { false }, onProgress: @escaping @Sendable (LoadProgress, Data?) -> Void) {
        self.wantsBytes = wantsBytes
        self.onProgress = onProgress
    }

    /// Reports the response metadata; call once, before any data.
    public func didReceive(_ response: LoadResponse) {
        received.withLock { state in
            state.response = response
            if let expected = response.expectedLength, expected > 0, expected <= 256 << 20 {
                state.data.reserveCapacity(expected)
            }
        }
        onProgress(LoadProgress(received: 0, expected: response.expectedLength), nil)
    }

    /// Reports the next chunk of data.
    public func didLoad(_ chunk: Data) {
        let wanted = wantsBytes()
        let (progress, bytes) = received.withLock { state in
            state.data.append(chunk)
            // (not the last chunk of a known length: the whole result follows at once)
            let partial = wanted && state.response?.expectedLength.map { state.data.count < $0 } ?? wanted
            return (LoadProgress(received: state.data.count, expected: state.response?.expectedLength), partial ? state.data : nil)
        }
        onProgress(progress, bytes)
    }

    /// Reports a stand-in made from the bytes so far (`LoadProgress.preview`): callers that show progress
    /// may show it until the result lands.
    public func didProducePreview(_ preview: Data) {
        let progress = received.withLock { state in
            LoadProgress(received: state.data.count, expected: state.response?.expectedLength, preview: preview)
        }
        onProgress(progress, nil)
    }

    /// Says the stale cached copy the task carried is still valid, with refreshed metadata
    /// (the `URLProtocolClient` "cached response is valid" call, after an HTTP 304).
    public func cachedResponseIsValid(_ refreshed: LoadResponse) {
        received.withLock { $0.revalidated = refreshed }
    }

    /// Says the bytes are made from a stale copy of a source that could not be revalidated (a stage
    /// whose source was served stale-if-error): the result is marked stale, as that copy was.
    public func madeFromStaleSource() {
        received.withLock { $0.isStale = true }
    }

    var outcome: Received { received.withLock { $0 } }
}
