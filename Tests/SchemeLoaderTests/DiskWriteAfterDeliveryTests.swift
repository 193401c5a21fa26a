// A load hands its result to its callers first and writes the disk copy afterwards: a caller never
// waits for the disk (under a busy disk one write took hundreds of milliseconds).
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct DiskWriteAfterDeliveryTests {
    @Test func theCallerHasTheResultBeforeItsDiskCopyIsWrittenAndWaitingFindsTheCopy() async throws {
        // Given a loader with a disk cache and a picture not cached anywhere
        let folder = try TemporaryDirectory()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(repeating: 7, count: 40_000)))
        let loader = try LoaderFixtures.loader(mock, disk: folder.url)
        let url = LoaderFixtures.url("a")
        let entryFile = folder.url.appendingPathComponent(DiskCache.fileName(for: try loader.canonicalURL(for: url).absoluteString))

        // When it loads, noting at the moment of delivery whether the disk copy exists
        let onDiskAtDelivery = Locked<Bool?>(nil)
        let delivered = Gate()
        loader.load(url) { result in
            if case .success = result { onDiskAtDelivery.withLock { $0 = FileManager.default.fileExists(atPath: entryFile.path) } }
            delivered.open()
        }
        try await delivered.wait()

        // Then the result came before the copy was written, and waiting for the writes finds it on disk
        #expect(onDiskAtDelivery.withLock { $0 } == false)
        await loader.waitForPendingWrites()
        #expect(FileManager.default.fileExists(atPath: entryFile.path))
        loader.memoryCache.removeAll()
        let again = try await loader.data(for: url)
        #expect(again.source == .disk)
        #expect(again.data == Data(repeating: 7, count: 40_000))
        #expect(mock.loadCount(for: url) == 1)
    }

    @Test func aStaleCopyStillOnlyInMemoryServesACacheOnlyRequest() async throws {
        // Given a picture loaded a moment ago whose copy has since gone stale, before its disk copy is awaited
        let folder = try TemporaryDirectory()
        let clock = Locked(Date(timeIntervalSince1970: 1_000_000))
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(repeating: 3, count: 1000), expiresAt: clock.withLock { $0 } + 1))
        let loader = try LoaderFixtures.loader(mock, disk: folder.url, now: { clock.withLock { $0 } })
        let url = LoaderFixtures.url("b")
        #expect(try await loader.data(for: url).source == .handler)
        clock.withLock { $0 += 2 }

        // When a "cache only" request asks for it (a list showing what it has while offline)
        let cached = try await loader.data(for: url, cachePolicy: .cacheOnly)

        // Then the copy in memory answers; nothing is loaded again
        #expect(cached.source == .memory)
        #expect(cached.data == Data(repeating: 3, count: 1000))
        #expect(mock.loadCount(for: url) == 1)
    }

    @Test func shutdownFinishesTheDiskWrites() async throws {
        // Given twenty loads just delivered
        let folder = try TemporaryDirectory()
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: Data(repeating: 1, count: 20_000)))
        let loader = try LoaderFixtures.loader(mock, disk: folder.url)
        let urls = (0..<20).map { LoaderFixtures.url("p\($0)") }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls { group.addTask { _ = try await loader.data(for: url) } }
            try await group.waitForAll()
        }

        // When the loader shuts down (as a process does before it exits)
        await loader.shutdown()

        // Then every copy is on disk: a new loader on the folder (the next process) finds them all
        let next = try LoaderFixtures.loader(MockSchemeHandler(), disk: folder.url)
        for url in urls {
            #expect(try await next.data(for: url, cachePolicy: .cacheOnly).source == .disk)
        }
    }
}
