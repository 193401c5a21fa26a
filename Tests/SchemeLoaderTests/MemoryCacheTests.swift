// Memory tier: a second request is a synchronous memory hit; the byte cap holds with LRU eviction.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct MemoryCacheTests {
    @Test func secondRequestIsAMemoryHitServedSynchronously() async throws {
        let mock = MockSchemeHandler()
        let loader = try LoaderFixtures.loader(mock)
        let first = try await loader.data(for: LoaderFixtures.url("a"))
        #expect(first.source == .handler)
        let box = ResultBox()
        loader.load(LoaderFixtures.url("a"), completion: box.add)
        #expect(box.count == 1, "a memory hit completes before load() returns")
        #expect(try box.first?.get().source == .memory)
        #expect(loader.statistics.memoryHits == 1)
        #expect(loader.cachedResult(for: LoaderFixtures.url("a"))?.data == first.data)
        #expect(mock.totalLoads == 1)
    }

    @Test func lruEvictionKeepsTheCapAndTheRecentEntries() {
        let cache = MemoryCache<String, Int>(costLimit: 100)
        for i in 0..<10 { cache.insert(i, for: "k\(i)", cost: 20) }
        #expect(cache.totalCost <= 100)
        #expect(cache.count == 5)
        #expect(cache.value(for: "k0") == nil)
        #expect(cache.value(for: "k9") == 9)
        _ = cache.value(for: "k5")             // k5 becomes the most recent
        cache.insert(10, for: "k10", cost: 20) // evicts k6, the least recent
        #expect(cache.value(for: "k5") == 5)
        #expect(cache.value(for: "k6") == nil)
        cache.insert(99, for: "huge", cost: 101)
        #expect(cache.value(for: "huge") == nil)
        cache.insert(55, for: "k5", cost: 10)
        #expect(cache.value(for: "k5") == 55)
        #expect(cache.totalCost == 90)
    }

    @Test func storagePoliciesDecideWhatIsKept() async throws {
        let mock = MockSchemeHandler()
        mock.stub(LoaderFixtures.url("never"), with: MockResponse(data: Data([1]), storagePolicy: .notAllowed))
        let loader = try LoaderFixtures.loader(mock)
        _ = try await loader.data(for: LoaderFixtures.url("never"))
        let again = try await loader.data(for: LoaderFixtures.url("never"))
        #expect(again.source == .handler)
        #expect(mock.loadCount(for: LoaderFixtures.url("never")) == 2)
    }

    @Test func staleMemoryEntriesAreNotServed() async throws {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data([7]), expiresAt: Date(timeIntervalSinceNow: -1)))
        let loader = try LoaderFixtures.loader(mock)
        _ = try await loader.data(for: LoaderFixtures.url("old"))
        #expect(loader.cachedResult(for: LoaderFixtures.url("old")) == nil)
        #expect(try await loader.data(for: LoaderFixtures.url("old")).source == .handler)
    }

    @Test func turningCachingOffSendsEveryRequestToTheHandler() async throws {
        let mock = MockSchemeHandler()
        let loader = try LoaderFixtures.loader(mock)
        loader.isCachingEnabled = false
        _ = try await loader.data(for: LoaderFixtures.url("a"))
        _ = try await loader.data(for: LoaderFixtures.url("a"))
        #expect(mock.totalLoads == 2)
        loader.isCachingEnabled = true
        _ = try await loader.data(for: LoaderFixtures.url("a"))
        #expect(try await loader.data(for: LoaderFixtures.url("a")).source == .memory)
    }
}
