// SchemeLoader+Combine: an OpenCombine publisher for a load; cancelling the subscription cancels it.
import Foundation
import OpenCombine

extension SchemeLoader {
    /// A publisher that loads `url` when subscribed (and demand arrives), emits one `LoadResult`
    /// and finishes, or fails with the load's error. Cancelling the subscription cancels this caller.
    public func publisher(for url: URL, cachePolicy: CachePolicy = .useCache, priority: LoadPriority = .normal) -> LoadPublisher {
        LoadPublisher(loader: self, request: LoadRequest(url: url, cachePolicy: cachePolicy, priority: priority))
    }
}

/// The publisher returned by `SchemeLoader.publisher(for:)` — the download-task publisher, on Linux.
public struct LoadPublisher: Publisher, Sendable {
    public typealias Output = LoadResult
    public typealias Failure = any Error

    let loader: SchemeLoader
    let request: LoadRequest

    public func receive<S: Subscriber>(subscriber: S) where S.Input == LoadResult, S.Failure == any Error {
        subscriber.receive(subscription: LoadSubscription(loader: loader, request: request, subscriber: AnySubscriber(subscriber)))
    }
}

/// Starts the load on the first demand and forwards its one result.
private final class LoadSubscription: Subscription, @unchecked Sendable {
    typealias S = AnySubscriber<LoadResult, any Error>
    // @unchecked: the mutable fields below are only touched while holding `lock`.
    private let lock = NSLock()
    private var subscriber: S?
    private var token: LoadToken?
    private var started = false
    private let loader: SchemeLoader
    private let request: LoadRequest

    init(loader: SchemeLoader, request: LoadRequest, subscriber: S) {
        self.loader = loader
        self.request = request
        self.subscriber = subscriber
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > 0 else { return }
        let start = lock.withLock { () -> Bool in
            guard !started, subscriber != nil else { return false }
            started = true
            return true
        }
        guard start else { return }
        let token = loader.load(request) { [weak self] result in self?.deliver(result) }
        let cancelled = lock.withLock { () -> Bool in
            self.token = token
            return subscriber == nil
        }
        if cancelled { token.cancel() }
    }

    func cancel() {
        let token = lock.withLock { () -> LoadToken? in
            subscriber = nil
            return self.token
        }
        token?.cancel()
    }

    private func deliver(_ result: Result<LoadResult, any Error>) {
        let target = lock.withLock { () -> S? in
            defer { subscriber = nil }
            return subscriber
        }
        guard let target else { return }
        switch result {
        case .success(let loaded):
            _ = target.receive(loaded)
            target.receive(completion: .finished)
        case .failure(let error):
            target.receive(completion: .failure(error))
        }
    }
}
