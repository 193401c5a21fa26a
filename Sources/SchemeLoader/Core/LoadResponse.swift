// LoadResponse: what a scheme handler says about the bytes it delivers (type, size, caching rules).
import Foundation

/// Where the loader may keep a response, like `URLCache.StoragePolicy`.
public enum StoragePolicy: String, Sendable, Hashable, Codable {
    /// Memory and disk.
    case allowed
    /// Memory only (cheap to reproduce, or not worth disk space).
    case memoryOnly
    /// Not cached at all.
    case notAllowed
}

/// Validators a handler can use to revalidate a stale copy (HTTP `ETag` / `Last-Modified`).
public struct CacheValidators: Sendable, Hashable, Codable {
    /// The entity tag, sent back as `If-None-Match`.
    public var entityTag: String?
    /// The `Last-Modified` value, sent back as `If-Modified-Since`.
    public var lastModified: String?

    /// Creates validators; both may be absent.
    public init(entityTag: String? = nil, lastModified: String? = nil) {
        self.entityTag = entityTag
        self.lastModified = lastModified
    }

    /// True when there is nothing to revalidate with.
    public var isEmpty: Bool { entityTag == nil && lastModified == nil }
}

/// The metadata of a response: reported by a handler before its data, and kept with cached copies.
public struct LoadResponse: Sendable, Hashable, Codable {
    /// The MIME type, e.g. `image/png`, when known.
    public var mimeType: String?
    /// The number of bytes the handler expects to deliver, when known (drives progress).
    public var expectedLength: Int?
    /// Where the loader may cache the bytes.
    public var storagePolicy: StoragePolicy
    /// When a cached copy stops being fresh; `nil` means it never goes stale.
    public var expiresAt: Date?
    /// Validators for revalidating a stale copy.
    public var validators: CacheValidators
    /// The HTTP status code, for HTTP responses.
    public var statusCode: Int?

    /// Creates a response.
    public init(
        mimeType: String? = nil,
        expectedLength: Int? = nil,
        storagePolicy: StoragePolicy = .allowed,
        expiresAt: Date? = nil,
        validators: CacheValidators = CacheValidators(),
        statusCode: Int? = nil
    ) {
        self.mimeType = mimeType
        self.expectedLength = expectedLength
        self.storagePolicy = storagePolicy
        self.expiresAt = expiresAt
        self.validators = validators
        self.statusCode = statusCode
    }

    /// Whether a copy with this metadata may still be served without asking the handler.
    public func isFresh(at now: Date) -> Bool {
        guard let expiresAt else { return true }
        return now < expiresAt
    }
}

/// Bytes together with the response that described them: what the caches hold.
public struct CachedResponse: Sendable, Hashable {
    /// The response metadata.
    public var response: LoadResponse
    /// The bytes.
    public var data: Data

    /// Creates a cached response.
    public init(response: LoadResponse, data: Data) {
        self.response = response
        self.data = data
    }
}
