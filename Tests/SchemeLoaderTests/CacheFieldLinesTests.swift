// CacheFieldLinesTests: every field line of a header counts, joined by commas (RFC 9110 §5.3) — a
// `no-store` on a second Cache-Control line keeps the picture off the disk (issue 36).
import Foundation
@testable import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct CacheFieldLinesTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func response(_ headers: [(String, String)], status: Int = 200) -> LoadResponse {
        HTTPCacheRules.response(headers: headers.map { (name: $0.0, value: $0.1) }, status: status, requestTime: now, responseTime: now)
    }

    @Test(arguments: [
        ([("Cache-Control", "max-age=3600"), ("Cache-Control", "no-store")], StoragePolicy.notAllowed),
        ([("Cache-Control", "max-age=3600"), ("cache-control", "no-store, private")], .notAllowed),
        ([("Cache-Control", "max-age=3600"), ("Vary", "Accept"), ("Vary", "*")], .notAllowed),
        ([("Cache-Control", "max-age=3600"), ("Cache-Control", "public")], .allowed),
    ])
    func everyLineOfAFieldCounts(headers: [(String, String)], policy: StoragePolicy) {
        #expect(response(headers).storagePolicy == policy)
    }

    @Test func aSecondLineOfMaxAgeOrNoCacheCounts() {
        #expect(response([("Cache-Control", "public"), ("Cache-Control", "max-age=60")]).expiresAt == now.addingTimeInterval(60))
        #expect(response([("Cache-Control", "max-age=60"), ("Cache-Control", "no-cache")]).expiresAt == now)
    }

    @Test func noStoreOnASecondLineKeepsThePictureOffTheDisk() async throws {
        let server = try await TestHTTPServer(routes: ["/private.png": .respond(
            headers: [("Cache-Control", "max-age=3600"), ("Cache-Control", "no-store")], body: Data(repeating: 9, count: 4_000))])
        let folder = try TemporaryDirectory()
        let loader = try SchemeLoader(handlers: [HTTPSchemeHandler()], configuration: SchemeLoaderConfiguration(diskDirectory: folder.url))
        _ = try await loader.data(for: server.url("/private.png"))
        await loader.waitForPendingWrites()
        #expect(await loader.diskCache?.usage.count == 0)
        #expect(loader.cachedResult(for: server.url("/private.png")) == nil)
        await loader.shutdown()
        await server.stop()
    }
}
