// LoadRequest: what a caller asks the loader for — a URL plus how to use the caches and how urgent it is.
import Foundation

/// How a request may use the memory and disk caches, like `URLRequest.CachePolicy`.
public enum CachePolicy: String, Sendable, Hashable, CaseIterable {
    /// Serve a fresh cached copy when there is one, otherwise load (revalidating a stale copy when the handler can).
    case useCache
    /// Always load from the handler; the result still refreshes the caches.
    case reloadIgnoringCache
    /// Only look in the caches; a miss is `LoadError.notCached`.
    case cacheOnly
    /// Ask the handler even when the cached copy is fresh, handing it the copy to revalidate (an HTTP
    /// 304 keeps the bytes), like `URLRequest`'s `reloadRevalidatingCacheData`. Background revalidations
    /// use it; when the source cannot be reached the cached copy is the answer, marked stale.
    case reloadRevalidatingCache
}

/// How urgent a load is. A shared load runs at the highest priority among its callers.
public enum LoadPriority: Int, Sendable, Hashable, Comparable, CaseIterable {
    case veryLow, low, normal, high, veryHigh

    public static func < (lhs: LoadPriority, rhs: LoadPriority) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A request for the bytes behind one URL.
public struct LoadRequest: Sendable, Hashable {
    /// The URL as the caller wrote it; the loader canonicalises it.
    public var url: URL
    /// How the caches may be used.
    public var cachePolicy: CachePolicy
    /// How urgent the load is; can be changed later through the token.
    public var priority: LoadPriority

    /// Creates a request.
    public init(url: URL, cachePolicy: CachePolicy = .useCache, priority: LoadPriority = .normal) {
        self.url = url
        self.cachePolicy = cachePolicy
        self.priority = priority
    }
}
