// Request cache policies: use the cache, reload ignoring it, or use only the cache.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct CachePolicyTests {
    @Test func reloadIgnoringCacheGoesToTheHandlerAndRefreshesTheCache() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data("one".utf8)))
        let loader = try LoaderFixtures.loader(mock)
        _ = try await loader.data(for: LoaderFixtures.url("a"))
        mock.stubAll(with: MockResponse(data: Data("two".utf8)))
        let reloaded = try await loader.data(for: LoaderFixtures.url("a"), cachePolicy: .reloadIgnoringCache)
        #expect(reloaded.source == .handler)
        #expect(reloaded.data == Data("two".utf8))
        #expect(try await loader.data(for: LoaderFixtures.url("a")).data == Data("two".utf8))
    }

    @Test func cacheOnlyMissIsATypedErrorAndNeverLoads() async throws {
        let mock = MockSchemeHandler()
        let loader = try LoaderFixtures.loader(mock, disk: try TemporaryDirectory().url)
        await #expect(throws: LoadError.notCached(url: "mock://pictures/a")) {
            try await loader.data(for: LoaderFixtures.url("a"), cachePolicy: .cacheOnly)
        }
        #expect(mock.totalLoads == 0)
    }

    @Test func cacheOnlyServesDiskCopiesEvenWhenStale() async throws {
        let directory = try TemporaryDirectory()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data("old".utf8), expiresAt: Date(timeIntervalSinceNow: -60)))
        let first = try LoaderFixtures.loader(mock, disk: directory.url)
        _ = try await first.data(for: LoaderFixtures.url("a"))
        await first.waitForPendingWrites()  // written after delivery: the second loader must find it
        let loader = try LoaderFixtures.loader(mock, disk: directory.url)
        let result = try await loader.data(for: LoaderFixtures.url("a"), cachePolicy: .cacheOnly)
        #expect(result.source == .disk)
        #expect(result.data == Data("old".utf8))
    }

    @Test func unknownSchemeIsATypedError() async throws {
        let loader = try LoaderFixtures.loader(MockSchemeHandler())
        await #expect(throws: LoadError.unsupportedScheme("gopher")) {
            try await loader.data(for: URL(string: "gopher://example.org/x")!)
        }
        #expect(loader.statistics.failures == 1)
    }

    @Test func registryFirstMatchWinsAndCanBeExtended() async throws {
        let first = MockSchemeHandler(scheme: "mock")
        first.stubAll(with: MockResponse(data: Data("first".utf8)))
        let second = MockSchemeHandler(scheme: "mock")
        second.stubAll(with: MockResponse(data: Data("second".utf8)))
        let loader = try SchemeLoader(handlers: [first, second])
        #expect(try await loader.data(for: LoaderFixtures.url("a")).data == Data("first".utf8))
        let other = MockSchemeHandler(scheme: "extra")
        loader.registry.register(other)
        #expect(try await loader.data(for: URL(string: "extra://x")!).source == .handler)
    }
}
