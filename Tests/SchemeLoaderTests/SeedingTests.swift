// SeedingTests: a URL seeded from bytes at hand is a memory hit at once — no handler load, no request — and, when
// disk storage is allowed, a disk hit for the next loader on the same folder; memory-only seeds stay off the disk.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct SeedingTests {
    private let picture = Data("the draft's pixels".utf8)

    @Test func aSeededURLIsAMemoryHitAtOnceAndItsHandlerIsNeverAsked() async throws {
        // Given a loader whose handler would answer something else
        let handler = MockSchemeHandler()
        handler.stubAll(with: MockResponse(data: Data("from the network".utf8), mimeType: "image/jpeg"))
        let loader = try SchemeLoader(handlers: [handler])
        let url = try #require(URL(string: "mock://server/sent-picture"))

        // When the URL is seeded with the local picture
        try await loader.seed(url, with: picture, mimeType: "image/jpeg", storagePolicy: .memoryOnly)

        // Then a synchronous lookup hits at once, a load is served from memory, and the handler never ran
        let hit = try #require(loader.cachedResult(for: url))
        #expect(hit.data == picture && hit.source == .memory)
        let loaded = try await loader.result(for: LoadRequest(url: url))
        #expect(loaded.data == picture && loaded.source == .memory)
        #expect(handler.totalLoads == 0)
        #expect(loader.statistics.inFlight == 0)
    }

    @Test func aSeedAllowedOnDiskIsADiskHitForTheNextLoader() async throws {
        // Given a loader with a disk cache, seeded
        let folder = try TemporaryDirectory()
        let handler = MockSchemeHandler()
        let url = try #require(URL(string: "mock://server/sent-picture"))
        let first = try SchemeLoader(handlers: [handler], configuration: .init(diskDirectory: folder.url))
        try await first.seed(url, with: picture, mimeType: "image/jpeg")

        // When a second loader (a later run) on the same folder asks for it
        let second = try SchemeLoader(handlers: [handler], configuration: .init(diskDirectory: folder.url))
        let hit = try #require(second.cachedResult(for: url, readingDiskUpTo: 1 << 20))

        // Then it comes from disk, and no load ran
        #expect(hit.data == picture && hit.source == .disk)
        #expect(handler.totalLoads == 0)
    }

    @Test func aMemoryOnlySeedNeverReachesTheDisk() async throws {
        let folder = try TemporaryDirectory()
        let handler = MockSchemeHandler()
        let url = try #require(URL(string: "mock://server/secret-picture"))
        let first = try SchemeLoader(handlers: [handler], configuration: .init(diskDirectory: folder.url))
        try await first.seed(url, with: picture, mimeType: "image/jpeg", storagePolicy: .memoryOnly)
        #expect(first.cachedResult(for: url) != nil)
        let second = try SchemeLoader(handlers: [handler], configuration: .init(diskDirectory: folder.url))
        #expect(second.cachedResult(for: url, readingDiskUpTo: 1 << 20) == nil)
    }

    @Test func aURLNoHandlerTakesIsRefusedWithItsLoadError() async throws {
        let loader = try SchemeLoader(handlers: [MockSchemeHandler()])
        await #expect(throws: LoadError.self) {
            try await loader.seed(try #require(URL(string: "nope://x/y")), with: picture, mimeType: "image/jpeg")
        }
    }
}
