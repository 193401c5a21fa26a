// SchemeHandling: the contract of a scheme handler — the URLProtocol contract on Swift concurrency.
import Foundation

/// What a handler is asked to load: the canonical URL, and a stale cached copy it may revalidate.
public struct SchemeLoadTask: Sendable {
    /// The canonical URL (as returned by the handler's `canonicalURL(for:)`).
    public let url: URL
    /// A stale cached copy, when there is one; a handler that can revalidate it
    /// (HTTP `If-None-Match`) calls `client.cachedResponseIsValid(_:)` instead of sending data.
    public let cachedResponse: CachedResponse?

    /// Creates a task.
    public init(url: URL, cachedResponse: CachedResponse? = nil) {
        self.url = url
        self.cachedResponse = cachedResponse
    }
}

/// A loader of one kind of URL (`http`, `file`, `map`, `asset`, …), like `URLProtocol`.
///
/// The loader calls `canHandle` to pick the handler (first match wins), `canonicalURL` to get the
/// cache key, then `load`. `load` reports a response, then data chunks, to the client and returns
/// to finish; it throws to fail. Stopping is cooperative: when the last caller cancels, the task
/// running `load` is cancelled and the handler should end promptly with `CancellationError`.
public protocol SchemeHandling: Sendable {
    /// Whether this handler loads `url` (usually decided by its scheme).
    func canHandle(_ url: URL) -> Bool
    /// The canonical form of `url`, used as the cache key; throws `LoadError` for bad URLs.
    func canonicalURL(for url: URL) throws -> URL
    /// Loads the bytes for `task`, reporting them to `client`.
    func load(_ task: SchemeLoadTask, client: SchemeLoadClient) async throws
    /// Releases resources (connection pools). Called by `SchemeLoader.shutdown()`.
    func shutdown() async
    /// Whether `canonical` (a URL this handler made canonical) stays the key of its URL for good, so
    /// the loader may remember it. `false` when the key carries the state of a source that can
    /// change (a file's identity): then `canonicalURL(for:)` is asked on every load.
    func isCanonicalURLStable(_ canonical: URL) -> Bool
}

extension SchemeHandling {
    /// Default: nothing to release.
    public func shutdown() async {}
    /// Default: canonical URLs depend on the URL only.
    public func isCanonicalURLStable(_ canonical: URL) -> Bool { true }
}
