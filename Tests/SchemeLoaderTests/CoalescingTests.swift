// Coalescing: concurrent requests for one canonical key run one load.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct CoalescingTests {
    @Test func hundredConcurrentCallersShareOneLoad() async throws {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data("picture".utf8), gate: gate))
        let loader = try LoaderFixtures.loader(mock)
        let results = try await withThrowingTaskGroup(of: LoadResult.self) { group in
            for _ in 0..<100 { group.addTask { try await loader.data(for: LoaderFixtures.url("a")) } }
            #expect(await LoaderFixtures.eventually { loader.statistics.coalesced == 99 })
            gate.open()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(mock.loadCount(for: LoaderFixtures.url("a")) == 1)
        #expect(results.count == 100)
        #expect(results.allSatisfy { $0.data == Data("picture".utf8) })
        #expect(results.filter { !$0.wasCoalesced }.count == 1)
        #expect(loader.statistics.handlerLoads == 1)
    }

    @Test func equivalentSpellingsJoinTheSameLoad() async throws {
        let gate = Gate()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data([1, 2, 3]), gate: gate))
        let loader = try LoaderFixtures.loader(mock)
        async let first = loader.data(for: URL(string: "mock://x/p?b=2.50&a=1")!)
        async let second = loader.data(for: URL(string: "MOCK://x/p?a=1.0&b=2.5")!)
        #expect(await LoaderFixtures.eventually { loader.statistics.coalesced == 1 })
        gate.open()
        _ = try await (first, second)
        #expect(mock.totalLoads == 1)
    }

    @Test func differentKeysLoadSeparately() async throws {
        let mock = MockSchemeHandler()
        let loader = try LoaderFixtures.loader(mock)
        async let a = loader.data(for: LoaderFixtures.url("a"))
        async let b = loader.data(for: LoaderFixtures.url("b"))
        let (ra, rb) = try await (a, b)
        #expect(ra.data != rb.data)
        #expect(mock.totalLoads == 2)
    }
}
