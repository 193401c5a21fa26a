// HTTPFreshnessTests: freshness lifetime and age as RFC 9111 §4.2 computes them, table by table, each row
// citing the text it checks (issue 36). `now` is Fri, 15 Jan 2027 08:00:00 GMT.
import Foundation
@testable import SchemeLoader
import Testing

@Suite struct HTTPFreshnessTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let date = "Fri, 15 Jan 2027 08:00:00 GMT"
    static let inOneHour = "Fri, 15 Jan 2027 09:00:00 GMT"
    static let tenDaysAgo = "Tue, 05 Jan 2027 08:00:00 GMT"

    /// Seconds the response stays fresh after it arrived (negative: already stale), when received at `now`.
    static func freshFor(_ headers: [(String, String)], status: Int = 200, requestTime: Date = now) -> TimeInterval? {
        HTTPCacheRules.response(headers: headers.map { (name: $0.0, value: $0.1) }, status: status,
                                requestTime: requestTime, responseTime: now).expiresAt?.timeIntervalSince(now)
    }

    /// One row: what the response says, how long it stays fresh, and the RFC text that says so.
    struct Row: CustomTestStringConvertible, Sendable {
        let headers: [(String, String)]
        let status: Int
        let fresh: TimeInterval
        let rule: String
        init(_ headers: [(String, String)], status: Int = 200, fresh: TimeInterval, _ rule: String) {
            self.headers = headers
            self.status = status
            self.fresh = fresh
            self.rule = rule
        }
        var testDescription: String { "\(headers) → \(fresh) s (\(rule))" }
    }

    // §5.2.2.1 max-age: `delta-seconds = 1*DIGIT`; §4.2.1: an invalid value makes the response stale.
    static let maxAge: [Row] = [
        Row([("Cache-Control", "max-age=3600")], fresh: 3600, "§5.2.2.1"),
        Row([("Cache-Control", "max-age=\"3600\"")], fresh: 3600, "§5.2: the quoted-string form is read"),
        Row([("Cache-Control", "max-age='3600'")], fresh: 0, "§4.2.1: invalid → stale"),
        Row([("Cache-Control", "max-age=3600.0")], fresh: 0, "§4.2.1: invalid → stale"),
        Row([("Cache-Control", "max-age=-1")], fresh: 0, "§4.2.1: invalid → stale"),
        Row([("Cache-Control", "max-age=")], fresh: 0, "§4.2.1: invalid → stale"),
        Row([("Cache-Control", "max-age")], fresh: 0, "§4.2.1: invalid → stale"),
        Row([("Cache-Control", "max-age=0")], fresh: 0, "§5.2.2.1"),
        Row([("Cache-Control", "max-age=99999999999")], fresh: 2_147_483_648, "§1.2.2: past 2^31 is 2^31"),
        Row([("Cache-Control", "max-age=1800, max-age=1")], fresh: 1800, "§4.2.1: the first occurrence is used"),
        Row([("Cache-Control", "extension=\"max-age=100\", max-age=1")], fresh: 1, "§5.2: a quoted argument is no directive"),
        Row([("Cache-Control", "max-age=1, extension=\"max-age=100\"")], fresh: 1, "§5.2: a quoted argument is no directive"),
        Row([("Cache-Control", "max-age=600"), ("Expires", "Thu, 01 Jan 2099 00:00:00 GMT")], fresh: 600, "§4.2.1: max-age wins over Expires"),
        Row([("Cache-Control", "max-age=3600"), ("Expires", "0")], fresh: 3600, "§4.2.1: Expires ignored when max-age is there"),
        Row([("Cache-Control", "s-maxage=3600")], fresh: 0, "§5.2.2.10: s-maxage is for shared caches only"),
        Row([("Cache-Control", "private, max-age=60")], fresh: 60, "§5.2.2.7: private is fine for a private cache"),
        Row([("Cache-Control", "max-age=3600, no-cache")], fresh: 0, "§5.2.2.4: no-cache → validate before reuse"),
    ]

    // §4.2.3: age_value is delta-seconds; corrected_initial_age = max(apparent_age, corrected_age_value).
    static let age: [Row] = [
        Row([("Cache-Control", "max-age=3600"), ("Age", "100")], fresh: 3500, "§4.2.3"),
        Row([("Cache-Control", "max-age=3600"), ("Age", "7200.0")], fresh: 3600, "§5.1: not delta-seconds → ignored"),
        Row([("Cache-Control", "max-age=3600"), ("Age", "7200"), ("Age", "0")], fresh: -3600,
            "§5.1: of two lines the first member counts (\"7200, 0\" → 7200: stale)"),
        Row([("Cache-Control", "max-age=3600"), ("Age", "7200, 0")], fresh: -3600, "§5.1: of a list the first member counts"),
        Row([("Cache-Control", "max-age=3600"), ("Age", "0, 7200")], fresh: 3600, "§5.1: the members after the first are discarded"),
        Row([("Cache-Control", "max-age=3600"), ("Age", "7200.0, 0")], fresh: 3600, "§5.1: an invalid first member → ignored"),
        Row([("Cache-Control", "max-age=3600"), ("Age", "-5")], fresh: 3600, "§5.1: not delta-seconds → ignored"),
        Row([("Cache-Control", "max-age=10"), ("Age", "15")], fresh: -5, "§4.2.3: older than its lifetime → stale"),
        Row([("Date", date), ("Expires", inOneHour), ("Age", "600")], fresh: 3000, "§4.2.3: Age counts against Expires too"),
        Row([("Date", "Fri, 15 Jan 2027 07:58:20 GMT"), ("Cache-Control", "max-age=3600"), ("Age", "10")], fresh: 3500,
            "§4.2.3: apparent_age (100 s) > corrected_age_value (10 s)"),
    ]

    // §4.2.1: freshness_lifetime = Expires − Date; §5.3: an invalid Expires is in the past.
    static let expires: [Row] = [
        Row([("Date", date), ("Expires", inOneHour)], fresh: 3600, "§4.2.1"),
        Row([("Date", "Fri, 15 Jan 2027 07:00:00 GMT"), ("Expires", inOneHour)], fresh: 3600 * 2 - 3600,
            "§4.2.1: Expires − Date (2 h), less the apparent age (1 h)"),
        Row([("Date", tenDaysAgo), ("Expires", "Tue, 05 Jan 2027 09:00:00 GMT")], fresh: 3600 - 10 * 86_400,
            "§4.2.1: against Date, not the local clock — minus the apparent age"),
        Row([("Date", date), ("Expires", "Fri, 15 Jan 2027 09:00:00 UTC")], fresh: 0, "§5.3: invalid → expired"),
        Row([("Date", date), ("Expires", "Fri 15 Jan 2027 09:00:00 GMT")], fresh: 0, "§5.3: invalid (no comma) → expired"),
        Row([("Date", date), ("Expires", "Fri, 15 Jan 2027 9:00:00 GMT")], fresh: 0, "§5.3: invalid (one-digit hour) → expired"),
        Row([("Date", date), ("Expires", "Fri,  15 Jan 2027 09:00:00 GMT")], fresh: 0, "§5.3: invalid (extra space) → expired"),
        Row([("Date", date), ("Expires", inOneHour), ("Expires", inOneHour)], fresh: 0, "§5.3: several lines → invalid → expired"),
        Row([("Date", date), ("Expires", "0")], fresh: 0, "§5.3: invalid → expired"),
        Row([("Date", date), ("Expires", "Friday, 15-Jan-27 09:00:00 GMT")], fresh: 3600, "RFC 9110 §5.6.7: RFC 850 form read"),
        Row([("Date", date), ("Expires", "Fri Jan 15 09:00:00 2027")], fresh: 3600, "RFC 9110 §5.6.7: asctime form read"),
    ]

    // §4.2.2: a heuristic only for heuristically cacheable statuses (RFC 9110 §15.1), from Last-Modified.
    static let heuristic: [Row] = [
        Row([("Date", date), ("Last-Modified", tenDaysAgo)], fresh: 86_400, "§4.2.2: 10 % of Date − Last-Modified"),
        Row([("Date", date), ("Last-Modified", tenDaysAgo)], status: 404, fresh: 86_400, "§4.2.2: 404 is heuristically cacheable"),
        Row([("Date", date), ("Last-Modified", tenDaysAgo)], status: 410, fresh: 86_400, "§4.2.2: 410 is heuristically cacheable"),
        Row([("Date", date), ("Last-Modified", tenDaysAgo)], status: 201, fresh: 0, "§4.2.2: 201 is not"),
        Row([("Date", date), ("Last-Modified", tenDaysAgo)], status: 202, fresh: 0, "§4.2.2: 202 is not"),
        Row([("Date", date)], fresh: 0, "§4.2.2: no Last-Modified → no heuristic"),
        Row([], fresh: 0, "§4.2.2: nothing said → stale"),
        Row([("Date", date), ("Last-Modified", "Tue, 05 Jan 2027 08:00:00 UTC")], fresh: 0, "an invalid Last-Modified gives none"),
    ]

    @Test(arguments: maxAge) func maxAgeDirective(row: Row) { #expect(Self.freshFor(row.headers, status: row.status) == row.fresh) }
    @Test(arguments: age) func ageField(row: Row) { #expect(Self.freshFor(row.headers, status: row.status) == row.fresh) }
    @Test(arguments: expires) func expiresField(row: Row) { #expect(Self.freshFor(row.headers, status: row.status) == row.fresh) }
    @Test(arguments: heuristic) func heuristicFreshness(row: Row) { #expect(Self.freshFor(row.headers, status: row.status) == row.fresh) }

    @Test func theResponseDelayCountsIntoTheAge() {
        // §4.2.3: corrected_age_value = age_value + response_delay (response_time − request_time)
        #expect(Self.freshFor([("Cache-Control", "max-age=3600"), ("Age", "100")], requestTime: Self.now.addingTimeInterval(-20)) == 3480)
    }

    @Test func storingFollowsSection3() {
        func policy(_ headers: [(String, String)], status: Int = 200) -> StoragePolicy {
            HTTPCacheRules.response(headers: headers.map { (name: $0.0, value: $0.1) }, status: status,
                                    requestTime: Self.now, responseTime: Self.now).storagePolicy
        }
        #expect(policy([("Cache-Control", "no-store, max-age=60")]) == .notAllowed, "§5.2.2.5")
        #expect(policy([("Vary", "*"), ("Cache-Control", "max-age=60")]) == .notAllowed, "§4.1: Vary: * never matches")
        #expect(policy([], status: 201) == .notAllowed, "§3: no freshness, status not heuristically cacheable")
        #expect(policy([("Cache-Control", "max-age=60")], status: 201) == .allowed, "§3: explicit freshness")
        #expect(policy([], status: 404) == .allowed, "§3: heuristically cacheable status")
        #expect(policy([("Cache-Control", "must-understand, no-store, max-age=60")]) == .allowed,
                "§5.2.2.3: must-understand overrides no-store for a status this cache understands")
        #expect(policy([("Cache-Control", "must-understand, no-store, max-age=60")], status: 599) == .notAllowed,
                "§5.2.2.3: must-understand with a status this cache does not understand is never stored")
        #expect(policy([("Cache-Control", "must-understand, max-age=60")], status: 299) == .notAllowed,
                "§5.2.2.3: must-understand stores only understood statuses")
        let mustRevalidate = HTTPCacheRules.response(headers: [(name: "Cache-Control", value: "max-age=60, must-revalidate")],
                                                     status: 200, requestTime: Self.now, responseTime: Self.now)
        #expect(mustRevalidate.mustRevalidate == true && !mustRevalidate.mayServeStaleOnError, "§5.2.2.2")
    }

    @Test func varyRecordsTheValuesOfTheFieldsItNames() {
        let response = HTTPCacheRules.response(
            headers: [(name: "Vary", value: "User-Agent"), (name: "vary", value: "Accept-Encoding")], status: 200,
            requestTime: Self.now, responseTime: Self.now, sentHeaders: [(name: "User-Agent", value: "snapterm/0.1")])
        #expect(response.selectingHeaders == ["user-agent": "snapterm/0.1", "accept-encoding": ""])
    }
}
