// CacheControlRulesTests: how Cache-Control, Expires and Age become freshness and staleness rules (RFC 9111).
import Foundation
@testable import SchemeLoader
import Testing

@Suite struct CacheControlRulesTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func response(_ headers: [(String, String)]) -> LoadResponse {
        HTTPCacheRules.response(headers: headers.map { (name: $0.0, value: $0.1) }, status: 200, requestTime: now, responseTime: now)
    }

    @Test func maxAgeWinsOverExpiresAndCountsFromTheResponsesAge() {
        let headers = [("Cache-Control", "public, max-age=600"), ("Expires", "Thu, 01 Jan 2099 00:00:00 GMT"), ("Age", "100")]
        #expect(response(headers).expiresAt == now.addingTimeInterval(500))
    }

    @Test func anInvalidExpiresDateMeansAlreadyExpired() {
        #expect(response([("Expires", "0")]).expiresAt == now)
        #expect(response([]).expiresAt == now, "nothing said and no Last-Modified: no heuristic, stale at once")
    }

    @Test func directivesAreReadWhateverTheirCaseSpacingAndQuotes() {
        let parsed = response([("cache-control", " Max-Age=\"60\" ,IMMUTABLE, stale-while-revalidate=30")])
        #expect(parsed.expiresAt == now.addingTimeInterval(60))
        #expect(parsed.staleWhileRevalidate == 30)
        #expect(parsed.mustRevalidate == nil && parsed.storagePolicy == .allowed)
    }

    @Test func noCacheAndMustRevalidateForbidStaleCopiesAndNoStoreForbidsStoring() {
        let noCache = response([("Cache-Control", "no-cache")])
        #expect(noCache.expiresAt == now && noCache.mustRevalidate == true && !noCache.mayServeStaleOnError)
        #expect(response([("Cache-Control", "max-age=60, must-revalidate")]).mustRevalidate == true)
        #expect(response([("Cache-Control", "no-store")]).storagePolicy == .notAllowed)
    }

    @Test func theStaleWindowIsTheResponsesOwnElseTheLoadersDefault() {
        let own = response([("Cache-Control", "max-age=10, stale-while-revalidate=20")])
        #expect(own.mayServeStaleWhileRevalidating(at: now.addingTimeInterval(25), defaultWindow: 0))
        #expect(!own.mayServeStaleWhileRevalidating(at: now.addingTimeInterval(31), defaultWindow: 3600))
        let silent = response([("Cache-Control", "max-age=10")])
        #expect(silent.mayServeStaleWhileRevalidating(at: now.addingTimeInterval(1000), defaultWindow: 3600))
        #expect(!silent.mayServeStaleWhileRevalidating(at: now.addingTimeInterval(1000), defaultWindow: 60))
    }
}
