// ResponseMemoryCache: a loader's memory tier — one LRU cache, and one of its own for each scheme given a cap.
import Foundation

/// Cached responses by canonical URL, in memory. A scheme given its own cap (`thumb`: what a list keeps on
/// screen) has an LRU cache of its own, so the bulkier entries of another scheme (the pictures the
/// thumbnails are made from) never push its entries out; every other scheme shares the main cache.
public final class ResponseMemoryCache: Sendable {
    private let main: MemoryCache<String, CachedResponse>
    private let separate: [String: MemoryCache<String, CachedResponse>]

    /// A main cache of `costLimit` bytes, and one per scheme in `limits` (lowercased scheme → bytes).
    public init(costLimit: Int, limits: [String: Int] = [:]) {
        main = MemoryCache(costLimit: costLimit)
        separate = Dictionary(uniqueKeysWithValues: limits.map { ($0.key.lowercased(), MemoryCache(costLimit: $0.value)) })
    }

    /// The entry kept for `key` (a canonical URL), marking it most recently used.
    public func value(for key: String) -> CachedResponse? { cache(for: key).value(for: key) }

    /// Keeps `value` for `key`, evicting the least recently used entries of its cache beyond its cap.
    public func insert(_ value: CachedResponse, for key: String, cost: Int) { cache(for: key).insert(value, for: key, cost: cost) }

    /// Forgets every entry.
    public func removeAll() {
        main.removeAll()
        for cache in separate.values { cache.removeAll() }
    }

    /// The bytes kept, in every cache.
    public var totalCost: Int { separate.values.reduce(main.totalCost) { $0 + $1.totalCost } }

    /// The entries kept, in every cache.
    public var count: Int { separate.values.reduce(main.count) { $0 + $1.count } }

    private func cache(for key: String) -> MemoryCache<String, CachedResponse> {
        guard !separate.isEmpty, let colon = key.firstIndex(of: ":") else { return main }
        return separate[key[..<colon].lowercased()] ?? main
    }
}
