// HTTPCacheRules: how an HTTP response's Cache-Control, Expires, ETag and Last-Modified map to cache metadata.
import Foundation

/// Reads HTTP caching headers into a storage policy, an expiry and validators.
enum HTTPCacheRules {
    /// Metadata for a response received at `now`; `heuristic` is the freshness lifetime when the
    /// server says nothing about it.
    static func response(
        headers: [(name: String, value: String)], status: Int, now: Date, heuristic: TimeInterval
    ) -> LoadResponse {
        func header(_ name: String) -> String? {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
        }
        let directives = (header("Cache-Control") ?? "")
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        var policy = StoragePolicy.allowed
        var expiresAt = now.addingTimeInterval(heuristic)
        if let expires = header("Expires").flatMap(parseDate) { expiresAt = expires }
        for directive in directives {
            if directive == "no-store" { policy = .notAllowed }
            if directive == "no-cache" { expiresAt = now }
            if directive.hasPrefix("max-age="), let seconds = Double(directive.dropFirst(8)) {
                expiresAt = now.addingTimeInterval(max(0, seconds))
            }
        }
        if directives.contains("no-cache") { expiresAt = now }
        let length = header("Content-Length").flatMap { Int($0) }
        return LoadResponse(
            mimeType: header("Content-Type").map(cleanMIMEType),
            expectedLength: length,
            storagePolicy: policy,
            expiresAt: expiresAt,
            validators: CacheValidators(entityTag: header("ETag"), lastModified: header("Last-Modified")),
            statusCode: status)
    }

    /// `image/png; charset=x` → `image/png`, keeping only token characters (server text is never trusted).
    static func cleanMIMEType(_ value: String) -> String {
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
