// ByteRangeURL: the typed builder and parser of `byterange://` URLs — one byte range of an archive on a web server.
import Foundation

/// One byte range of an archive served over http(s), as a URL the loader can cache, share and cancel:
/// `byterange://?length=16384&offset=0&src=https%3A%2F%2Fexample.org%2Fworld.pmtiles&version=%22abc%22`.
///
/// `version` pins the range to one version of the archive (its `ETag`, else its `Last-Modified`): it is
/// part of the cache key, the request carries it as `If-Range`, and a response of another version is
/// ``LoadError/archiveChanged(url:)``. A range without a version asks for the archive as it is now; the
/// response says which version that is. ``HTTPSchemeHandler`` loads these URLs.
public struct ByteRangeURL: Sendable, Hashable {
    /// The URL scheme.
    public static let scheme = "byterange"
    /// The longest range one URL may ask for (the HTTP handler's body limit applies as well).
    public static let lengthRange: ClosedRange<Int> = 1...(1 << 30)
    /// Archives are read up to 10^18 bytes (an exabyte): offsets stay 18-digit numbers in the key.
    static let archiveLimit: UInt64 = 999_999_999_999_999_999
    static let parameterNames: Set<String> = ["src", "offset", "length", "version"]

    /// The archive's canonical http(s) URL.
    public let archive: URL
    /// The first byte.
    public let offset: UInt64
    /// How many bytes, at least 1.
    public let length: Int
    /// The archive's version the range is pinned to; `nil`: whatever the server has now.
    public let version: String?

    /// A range of `archive` (made canonical), validated by parameter name.
    public init(archive: URL, offset: UInt64, length: Int, version: String? = nil) throws {
        guard Self.lengthRange.contains(length) else {
            throw LoadError.invalidParameter(name: "length", value: String(length),
                                             reason: "must be between 1 and \(Self.lengthRange.upperBound)")
        }
        guard offset <= Self.archiveLimit - UInt64(length) else {
            throw LoadError.invalidParameter(name: "offset", value: String(offset), reason: "the range ends past 10^18 bytes")
        }
        if let version, version.isEmpty || version.utf8.count > 1024 {
            throw LoadError.invalidParameter(name: "version", value: String(version.prefix(64)),
                                             reason: "must be 1 to 1,024 bytes of text")
        }
        self.archive = try URLCanonicalizer.http(archive)
        self.offset = offset
        self.length = length
        self.version = version
    }

    /// Parses a `byterange://` URL; every bad or unknown parameter is a `LoadError` naming it.
    public init(url: URL) throws {
        guard url.scheme?.lowercased() == Self.scheme else { throw LoadError.unsupportedScheme(url.scheme ?? "(none)") }
        let query = try QueryParameters(url, allowed: Self.parameterNames)
        let source = try query.requiredString("src")
        guard let archive = URL(string: source) else {
            throw LoadError.invalidParameter(name: "src", value: source, reason: "not an http(s) URL")
        }
        guard let offset = try query.int("offset", in: 0...Int(Self.archiveLimit)) else {
            throw LoadError.missingParameter(name: "offset", url: url.absoluteString)
        }
        guard let length = try query.int("length", in: Self.lengthRange) else {
            throw LoadError.missingParameter(name: "length", url: url.absoluteString)
        }
        try self.init(archive: archive, offset: UInt64(offset), length: length, version: query.string("version"))
    }

    /// The canonical URL: the cache key of these bytes of this version.
    public var url: URL {
        var items = [("src", archive.absoluteString), ("offset", String(offset)), ("length", String(length))]
        if let version { items.append(("version", version)) }
        return URLCanonicalizer.customSchemeURL(scheme: Self.scheme, items: items)
    }

    /// The last byte (inclusive, as HTTP counts).
    public var lastByte: UInt64 { offset + UInt64(length) - 1 }

    /// The version a response speaks for: its strong entity tag, else its `Last-Modified` date; `nil` when it
    /// has neither. A weak tag (`W/"…"`) is not a version: it may stay the same while the bytes change.
    public static func version(of validators: CacheValidators) -> String? {
        validators.entityTag.flatMap { $0.hasPrefix("W/") ? nil : $0 } ?? validators.lastModified
    }

    /// The `If-Range` value for `version`: a strong entity tag or a date. A weak tag (`W/"…"`) cannot be
    /// sent (RFC 9110, 13.1.5): the response's own validator is compared instead.
    static func ifRange(for version: String?) -> String? {
        guard let version, !version.hasPrefix("W/") else { return nil }
        return version
    }
}
