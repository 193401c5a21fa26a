// HTTPCacheRules: an HTTP response's caching fields → cache metadata, as RFC 9111 says for a private cache.
import Foundation

/// Reads HTTP caching fields into a storage policy, an expiry and validators (RFC 9111, private cache).
///
/// - Every field line of a field is read, joined by commas (RFC 9110 §5.3): a `no-store` on a second
///   `Cache-Control` line counts; two `Expires` lines make an invalid date.
/// - Freshness lifetime (§4.2.1): `max-age` (an invalid one — `'3600'`, `3600.0`, `-1`, empty — makes the
///   response stale); else `Expires − Date` (an invalid `Expires` is already expired, §5.3; `Date` is the
///   response's, its receipt time when missing or invalid); else, for a heuristically cacheable status
///   (§4.2.2) or a `public` response with a `Last-Modified`, 10 % of `Date − Last-Modified`; else none
///   (stale at once). `s-maxage` is for shared caches and ignored; `private` is fine for this cache.
/// - Age (§4.2.3): `corrected_initial_age = max(apparent_age, Age + response_delay)`, subtracted from
///   whichever lifetime applies; of a list (`7200, 0`, or two lines) the first member counts (§5.1); an `Age`
///   that is not a non-negative integer is ignored.
/// - `no-cache` is stale at once and never served stale; `must-revalidate` never served stale;
///   `no-store` and `Vary: *` are never stored; any other `Vary` records the values of the request
///   fields it names (``LoadResponse/selectingHeaders``), and a copy is reused only for the same values.
///
/// Public for the handlers outside this module that speak HTTP (the Matrix media handler).
public enum HTTPCacheRules {
    /// How a lifetime is guessed when the response gives none (RFC 9111 §4.2.2).
    public struct Heuristic: Sendable {
        /// The share of `Date − Last-Modified`. Default 10 %, as browsers do.
        public var fraction: Double
        /// The longest guessed lifetime. Default one week.
        public var limit: TimeInterval

        /// A heuristic of `fraction` of the time since the last change, at most `limit` (the browsers' by default).
        public init(fraction: Double = 0.1, limit: TimeInterval = 7 * 86_400) {
            self.fraction = fraction
            self.limit = limit
        }
    }

    /// The statuses RFC 9110 §15.1 defines as heuristically cacheable.
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]

    /// Metadata for a response with `headers` and `status`, asked for at `requestTime` with `sentHeaders`
    /// and received at `responseTime`.
    public static func response(
        headers: [(name: String, value: String)], status: Int, requestTime: Date, responseTime: Date,
        heuristic: Heuristic = Heuristic(), sentHeaders: [(name: String, value: String)] = []
    ) -> LoadResponse {
        let fields = FieldLines(headers)
        let directives = CacheDirectives(fields["Cache-Control"] ?? "")
        let date = fields["Date"].flatMap { HTTPDate.parse($0, now: responseTime) } ?? responseTime
        let lastModified = fields["Last-Modified"].flatMap { HTTPDate.parse($0, now: responseTime) }
        let explicit = explicitLifetime(directives, expires: fields["Expires"], date: date, now: responseTime)
        var lifetime = explicit ?? 0
        if explicit == nil, heuristicallyCacheable.contains(status) || directives.has("public"), let lastModified {
            lifetime = min(heuristic.limit, max(0, date.timeIntervalSince(lastModified)) * heuristic.fraction)
        }
        if directives.has("no-cache") { lifetime = 0 }
        let age = initialAge(ageField: fields["Age"], date: date, requestTime: requestTime, responseTime: responseTime)
        let varied = fields["Vary"].map(varyingNames) ?? []
        // §5.2.2.3: must-understand stores only statuses this cache understands, and then overrides no-store
        let refused = directives.has("must-understand") ? !heuristicallyCacheable.contains(status) : directives.has("no-store")
        let storable = !refused && !varied.contains("*")
            && (explicit != nil || directives.has("public") || directives.has("private") || heuristicallyCacheable.contains(status))
        return LoadResponse(
            mimeType: fields["Content-Type"].map(cleanMIMEType),
            expectedLength: fields["Content-Length"].flatMap { Int($0) },
            storagePolicy: storable ? .allowed : .notAllowed,
            expiresAt: responseTime.addingTimeInterval(lifetime - age),
            validators: CacheValidators(entityTag: fields["ETag"], lastModified: lastModified == nil ? nil : fields["Last-Modified"]),
            statusCode: status,
            staleWhileRevalidate: directives.deltaSeconds("stale-while-revalidate").value,
            mustRevalidate: directives.has("must-revalidate") || directives.has("no-cache") ? true : nil,
            selectingHeaders: varied.isEmpty ? nil : selectingValues(of: varied, in: sentHeaders),
            freshnessFields: freshnessFields(fields))
    }

    /// The fields a stored response keeps for a later 304 to update.
    static let storedFieldNames = ["Cache-Control", "Expires", "Last-Modified"]

    private static func freshnessFields(_ fields: FieldLines) -> [String: String]? {
        let kept = storedFieldNames.compactMap { name in fields[name].map { (name, $0) } }
        return kept.isEmpty ? nil : Dictionary(kept, uniquingKeysWith: { first, _ in first })
    }

    /// The fields of a `304 Not Modified` (`headers`) over those `stored` kept: a field the 304 sends
    /// replaces the stored one, the others stay (RFC 9111 §4.3.4) — a 304 without `Cache-Control` does
    /// not make a `max-age` copy stale.
    static func freshening(_ stored: LoadResponse?, with headers: [(name: String, value: String)]) -> [(name: String, value: String)] {
        let sent = FieldLines(headers)
        let kept = storedFieldNames.compactMap { name -> (name: String, value: String)? in
            guard sent[name] == nil, let value = stored?.freshnessFields?[name] else { return nil }
            return (name: name, value: value)
        }
        return headers + kept
    }

    /// `max-age`, else `Expires − Date`; `nil` when neither is there. Invalid values give 0 (stale).
    private static func explicitLifetime(_ directives: CacheDirectives, expires: String?, date: Date, now: Date) -> TimeInterval? {
        switch directives.deltaSeconds("max-age") {
        case .seconds(let seconds): return seconds
        case .invalid: return 0
        case .absent: break
        }
        guard let expires else { return nil }
        // An invalid date (often "0" or "-1") means already expired (RFC 9111 §5.3).
        return HTTPDate.parse(expires, now: now).map { max(0, $0.timeIntervalSince(date)) } ?? 0
    }

    /// The response's age when it arrived (RFC 9111 §4.2.3).
    static func initialAge(ageField: String?, date: Date, requestTime: Date, responseTime: Date) -> TimeInterval {
        // §5.1: a list (or several lines) counts by its first member; an invalid one is ignored
        let firstMember = ageField?.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false).first
        let ageValue = firstMember.flatMap { CacheDirectives.parseDeltaSeconds($0.trimmingCharacters(in: .whitespaces)).value } ?? 0
        let apparentAge = max(0, responseTime.timeIntervalSince(date))
        let responseDelay = max(0, responseTime.timeIntervalSince(requestTime))
        return max(apparentAge, ageValue + responseDelay)
    }

    /// The field names a `Vary` value lists, lower-cased (`*` kept).
    private static func varyingNames(_ value: String) -> [String] {
        value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// The values of `names` among the fields sent (`""` for one not sent).
    static func selectingValues(of names: [String], in sent: [(name: String, value: String)]) -> [String: String] {
        let fields = FieldLines(sent)
        return Dictionary(names.map { ($0, fields[$0] ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether an error response (`status` ≥ 400) is kept as the answer for its URL: a client error
    /// (or 501) the cache may store and that is fresh when it arrives — a missing picture is not asked
    /// for again while it stays fresh. Other server errors stay failures of the source (stale-if-error).
    static func keepsError(_ response: LoadResponse, status: Int, at responseTime: Date) -> Bool {
        guard (400..<500).contains(status) || status == 501, response.storagePolicy == .allowed else { return false }
        return response.expiresAt.map { $0 > responseTime } ?? true
    }

    /// `image/png; charset=x` → `image/png`, keeping only token characters (server text is never trusted).
    public static func cleanMIMEType(_ value: String) -> String {
        let type = value.split(separator: ";").first.map(String.init) ?? ""
        return String(type.trimmingCharacters(in: .whitespaces).lowercased()
            .filter { $0.isASCII && ($0.isLetter || $0.isNumber || "/+-.".contains($0)) }.prefix(100))
    }

    /// A message's field lines by name: every line of a field, in order, joined by ", " (RFC 9110 §5.3).
    struct FieldLines {
        private let lines: [(name: String, value: String)]

        init(_ lines: [(name: String, value: String)]) { self.lines = lines }

        /// The combined value of `name` (case-insensitive), or `nil` when no line has it.
        subscript(_ name: String) -> String? {
            let values = lines.filter { $0.name.caseInsensitiveCompare(name) == .orderedSame }
                .map { $0.value.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) }
            return values.isEmpty ? nil : values.joined(separator: ", ")
        }
    }
}

extension CacheDirectives.DeltaSeconds {
    /// The seconds, when valid.
    var value: TimeInterval? {
        if case .seconds(let seconds) = self { seconds } else { nil }
    }
}
