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

    /// An entity tag made from `data` itself, for a stage whose output derives from those bytes (a
    /// thumbnail of a picture): equal bytes give the same tag in every process. 64-bit FNV-1a taken a word (8
    /// bytes) at a time: each step is a bijection of the hash, so bytes that differ in one word always differ in
    /// the tag, in an eighth of the steps (a byte at a time it was 4 % of a cold `render`'s CPU).
    public static func contentTag(of data: Data) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        let prime: UInt64 = 0x0000_0100_0000_01B3
        data.withUnsafeBytes { bytes in
            let words = bytes.count / 8
            for index in 0..<words {
                hash = (hash ^ bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* prime
            }
            for byte in bytes[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* prime }
        }
        return "\"fnv1a64w-\(String(hash, radix: 16))-\(data.count)\""
    }
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
    /// How long after `expiresAt` a stale copy may still be shown at once while it is revalidated in
    /// the background (HTTP `stale-while-revalidate`); `nil`: the loader's default.
    public var staleWhileRevalidate: TimeInterval?
    /// True when a stale copy must never be shown without a successful revalidation, not even when the
    /// source cannot be reached (HTTP `must-revalidate`); `nil` means false.
    public var mustRevalidate: Bool?
    /// For a response that varies (HTTP `Vary`): the request fields it names, lower-cased, with the values
    /// the request sent (`""` for one not sent). A copy is reused only for a request sending the same
    /// (``SchemeHandling/mayReuse(_:for:)``); `nil`: it does not vary.
    public var selectingHeaders: [String: String]?
    /// For an HTTP response: the fields its freshness was computed from (`Cache-Control`, `Expires`,
    /// `Last-Modified`, each line joined), kept so that a `304 Not Modified` updates them rather than
    /// dropping the ones it omits (RFC 9111 §4.3.4); `nil` for other responses.
    public var freshnessFields: [String: String]?
    /// True for bytes in clear that must never reach a disk (a decrypted attachment): their handler keeps them
    /// `.memoryOnly` at most, and a stage that makes something from them (a thumbnail) marks it confidential and
    /// memory-only too. `nil` means false.
    public var isConfidential: Bool?

    /// Creates a response.
    public init(
        mimeType: String? = nil,
        expectedLength: Int? = nil,
        storagePolicy: StoragePolicy = .allowed,
        expiresAt: Date? = nil,
        validators: CacheValidators = CacheValidators(),
        statusCode: Int? = nil,
        staleWhileRevalidate: TimeInterval? = nil,
        mustRevalidate: Bool? = nil,
        selectingHeaders: [String: String]? = nil,
        freshnessFields: [String: String]? = nil,
        isConfidential: Bool? = nil
    ) {
        self.mimeType = mimeType
        self.expectedLength = expectedLength
        self.storagePolicy = storagePolicy
        self.expiresAt = expiresAt
        self.validators = validators
        self.statusCode = statusCode
        self.staleWhileRevalidate = staleWhileRevalidate
        self.mustRevalidate = mustRevalidate
        self.selectingHeaders = selectingHeaders
        self.freshnessFields = freshnessFields
        self.isConfidential = isConfidential
    }

    /// The error a cached error response stands for (an HTTP status of 400 or more, kept because it was
    /// cacheable: a missing picture), delivered as the same typed error as when it arrived; `nil` otherwise.
    public func failure(url: URL) -> LoadError? {
        guard let statusCode, statusCode >= 400 else { return nil }
        return .httpStatus(code: statusCode, url: url.absoluteString)
    }

    /// Whether a copy with this metadata may still be served without asking the handler.
    public func isFresh(at now: Date) -> Bool {
        guard let expiresAt else { return true }
        return now < expiresAt
    }

    /// Whether a stale copy may be shown at `now` while it is revalidated in the background: within
    /// `staleWhileRevalidate` (else `defaultWindow`) after expiry, and never for `mustRevalidate`.
    public func mayServeStaleWhileRevalidating(at now: Date, defaultWindow: TimeInterval) -> Bool {
        guard let expiresAt, mustRevalidate != true else { return false }
        return now < expiresAt.addingTimeInterval(staleWhileRevalidate ?? defaultWindow)
    }

    /// Whether a stale copy may be shown when its source cannot be reached (stale-if-error).
    public var mayServeStaleOnError: Bool { mustRevalidate != true }
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
