// SchemeLoader+Async: the async/await and AsyncSequence faces of the loader.
import Foundation

/// A step of a load, for callers that show progress.
public enum LoadEvent: Sendable {
    /// More bytes arrived.
    case progress(LoadProgress)
    /// The load finished; this is the last event.
    case completed(LoadResult)
}

extension SchemeLoader {
    /// Loads `url`: `try await loader.data(for: url)`. Cancelling the calling task cancels this caller.
    public func data(
        for url: URL, cachePolicy: CachePolicy = .useCache, priority: LoadPriority = .normal
    ) async throws -> LoadResult {
        try await result(for: LoadRequest(url: url, cachePolicy: cachePolicy, priority: priority))
    }

    /// Loads `request`. Cancelling the calling task cancels this caller only.
    public func result(for request: LoadRequest) async throws -> LoadResult {
        try await result(for: request, follows: nil)
    }

    /// Loads `request` at the priority of `follows` as it changes (a source's load: `SchemeLoadTask.source`),
    /// `bytesSoFar` hearing the bytes so far. Cancelling the calling task cancels this caller only.
    func result(for request: LoadRequest, follows: WorkPriority?,
                bytesSoFar: (@Sendable (Data) -> Void)? = nil) async throws -> LoadResult {
        let holder = TokenHolder()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                holder.hold(load(request, follows: follows, progress: nil, bytesSoFar: bytesSoFar) { continuation.resume(with: $0) })
            }
        } onCancel: {
            holder.cancel()
        }
    }

    /// The progress and completion of loading `request`, as an async sequence. Failures are thrown;
    /// ending the iteration early cancels this caller.
    public func events(for request: LoadRequest) -> AsyncThrowingStream<LoadEvent, any Error> {
        AsyncThrowingStream { continuation in
            let token = load(request, progress: { continuation.yield(.progress($0)) }) { result in
                switch result {
                case .success(let loaded):
                    continuation.yield(.completed(loaded))
                    continuation.finish()
                case .failure(let error):
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in token.cancel() }
        }
    }
}

/// Holds a token that may arrive after cancellation was asked for; cancels it either way.
final class TokenHolder: Sendable {
    private let state = Locked<(token: LoadToken?, cancelled: Bool)>((nil, false))

    func hold(_ token: LoadToken) {
        let cancelNow = state.withLock { state in
            state.token = token
            return state.cancelled
        }
        if cancelNow { token.cancel() }
    }

    func cancel() {
        let token = state.withLock { state in
            state.cancelled = true
            return state.token
        }
        token?.cancel()
    }
}
