// SchemeLoader+Seeding: a URL's cache entries written from bytes already at hand — a picture just sent, whose
// server URL is known before anything was downloaded from it — so its first load is a hit, not a request.
import Foundation

extension SchemeLoader {
    /// Stores `data` (of `mimeType`) as the cached copy of `url`: in memory, and on disk too when `storagePolicy`
    /// allows it (`.allowed`; `.memoryOnly` for media that must not be written in the clear). The copy never goes
    /// stale (it is for content that never changes once made, such as uploaded media). A load of `url` — or of any
    /// URL with the same canonical form — is then served from the cache without asking its handler.
    /// Throws the `LoadError` of a URL no handler takes. Does nothing while caching is off.
    public func seed(_ url: URL, with data: Data, mimeType: String, storagePolicy: StoragePolicy = .allowed) async throws {
        let canonical = try canonicalURL(for: url)
        guard isCachingEnabled, storagePolicy != .notAllowed else { return }
        let key = canonical.absoluteString
        let entry = CachedResponse(response: LoadResponse(mimeType: mimeType, expectedLength: data.count,
                                                          storagePolicy: storagePolicy),
                                   data: data)
        memoryCache.insert(entry, for: key, cost: data.count)
        if storagePolicy == .allowed, let diskCache { await diskCache.store(entry, for: key) }
    }
}
