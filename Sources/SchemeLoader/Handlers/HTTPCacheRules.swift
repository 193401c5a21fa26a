// HTTPCacheRules: how an HTTP response's Cache-Control, Expires, ETag and Last-Modified map to cache metadata.
import Foundation

/// Reads HTTP caching headers into a storage policy, an expiry and validators (also used by handlers outside
/// this module that speak HTTP, such as the Matrix media handler).
public enum HTTPCacheRules {
    /// Metadata for a response received at `now`; `heuristic` is the freshness lifetime when the
    /// server says nothing about it. `max-age` wins over `Expires` and counts from the response's
    /// `Age`; `no-cache` makes the copy stale at once (revalidated before each use); `no-store` keeps
    /// it out of every cache; `immutable` needs nothing (a fresh copy is never revalidated anyway);
    /// `stale-while-revalidate=N` and `must-revalidate` say when a stale copy may still be shown.
    public static func response(
        headers: [(name: String, value: String)], status: Int, now: Date, heuristic: TimeInterval
    ) -> LoadResponse {
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        let directives = CacheDirectives(header("Cache-Control") ?? "")
        let age = header("Age").flatMap { TimeInterval($0.trimmingCharacters(in: .whitespaces)) }.map { max(0, $0) } ?? 0
        var expiresAt = now.addingTimeInterval(heuristic)
        if let expires = header("Expires") {
            // An invalid date (often "0" or "-1") means already expired (RFC 9111, 5.3).
            expiresAt = parseDate(expires) ?? now
        }
        if let maxAge = directives.seconds("max-age") { expiresAt = now.addingTimeInterval(max(0, maxAge - age)) }
        if directives.has("no-cache") { expiresAt = now }
        let length = header("Content-Length").flatMap { Int($0) }
        return LoadResponse(
            mimeType: header("Content-Type").map(cleanMIMEType),
            expectedLength: length,
            storagePolicy: directives.has("no-store") ? .notAllowed : .allowed,
            expiresAt: expiresAt,
            validators: CacheValidators(entityTag: header("ETag"), lastModified: header("Last-Modified")),
            statusCode: status,
            staleWhileRevalidate: directives.seconds("stale-while-revalidate"),
            mustRevalidate: directives.has("must-revalidate") || directives.has("no-cache") ? true : nil)
    }

    /// `image/png; charset=x` → `image/png`, keeping only token characters (server text is never trusted).
    public static func cleanMIMEType(_ value: String) -> String {
        let type = value.split(separator: ";").first.map(String.init) ?? ""
        return String(type.trimmingCharacters(in: .whitespaces).lowercased()
            .filter { $0.isASCII && ($0.isLetter || $0.isNumber || "/+-.".contains($0)) }.prefix(100))
    }

    private static let dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter
    }()

    private static func parseDate(_ text: String) -> Date? {
        dateFormatter.date(from: text)
    }
}

/// The directives of a `Cache-Control` header: names lower-cased, values without quotes.
struct CacheDirectives {
    private var values: [String: String] = [:]

    init(_ header: String) {
        for part in header.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pair.first?.lowercased(), !name.isEmpty else { continue }
            let value = pair.count > 1 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : ""
            if values[name] == nil { values[name] = value }  // the first of a repeated directive counts
        }
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    /// A delta-seconds value (`max-age=60`); `nil` when absent or not a number.
    func seconds(_ name: String) -> TimeInterval? {
        values[name].flatMap { Int($0) }.map { TimeInterval(max(0, $0)) }
    }
}
