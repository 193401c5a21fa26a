// SchemeRegistry: the handlers one loader knows, in order; the first that can handle a URL wins.
import Foundation

/// The ordered list of scheme handlers of one loader. Handlers can be added at any time.
/// Resolutions (URL → handler and canonical URL) are memoised: canonicalising costs microseconds,
/// and a cell that is bound again and again should not pay it each time.
public final class SchemeRegistry: Sendable {
    /// A URL's handler and canonical form.
    public struct Resolution: Sendable {
        /// The handler that loads the URL.
        public let handler: any SchemeHandling
        /// The canonical URL: the cache key.
        public let canonicalURL: URL
    }

    private let handlers: Locked<[any SchemeHandling]>
    private let resolutions = MemoryCache<String, Resolution>(costLimit: 20_000)

    /// Creates a registry holding `handlers` in priority order.
    public init(_ handlers: [any SchemeHandling] = []) {
        self.handlers = Locked(handlers)
    }

    /// Adds a handler after the existing ones (`atFront: true` to let it override them).
    public func register(_ handler: any SchemeHandling, atFront: Bool = false) {
        handlers.withLock { list in
            if atFront { list.insert(handler, at: 0) } else { list.append(handler) }
        }
        resolutions.removeAll()
    }

    /// Every handler, in order.
    public var all: [any SchemeHandling] { handlers.withLock { $0 } }

    /// The first handler that can handle `url`, or `LoadError.unsupportedScheme`.
    public func handler(for url: URL) throws -> any SchemeHandling {
        let match = handlers.withLock { list in list.first { $0.canHandle(url) } }
        guard let match else { throw LoadError.unsupportedScheme(url.scheme ?? "(none)") }
        return match
    }

    /// The handler and canonical URL for `url` (memoised when the handler says it is stable), or the `LoadError` that makes it unusable.
    public func resolve(_ url: URL) throws -> Resolution {
        let text = url.absoluteString
        if let known = resolutions.value(for: text) { return known }
        let handler = try handler(for: url)
        let resolution = Resolution(handler: handler, canonicalURL: try handler.canonicalURL(for: url, resolving: self))
        if handler.isCanonicalURLStable(resolution.canonicalURL, resolving: self) { resolutions.insert(resolution, for: text, cost: 1) }
        return resolution
    }
}
