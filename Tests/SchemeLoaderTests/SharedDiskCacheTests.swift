// Several caches (processes) on one directory: each finds what the others stored, no entry is
// ever another key's data, and together they hold the size cap.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct SharedDiskCacheTests {
    private func entry(_ key: String, size: Int) -> CachedResponse {
        let seed = UInt8(truncatingIfNeeded: key.hashValue)
        return CachedResponse(response: LoadResponse(mimeType: "image/png"),
                              data: Data((0..<size).map { UInt8(truncatingIfNeeded: $0) &+ seed }))
    }

    @Test func aCacheFindsWhatAnotherStoredAfterItOpened() async throws {
        // Given two caches opened on one directory (two processes)
        let folder = try TemporaryDirectory()
        let one = try DiskCache(directory: folder.url, sizeLimit: 1 << 20)
        let two = try DiskCache(directory: folder.url, sizeLimit: 1 << 20)

        // When one stores an entry after both opened
        let stored = entry("mock://a.png", size: 3000)
        await one.store(stored, for: "mock://a.png")

        // Then the other finds it (before: its index, built at open, said miss)
        #expect(await two.entry(for: "mock://a.png") == stored)
        #expect(await two.entry(for: "mock://b.png") == nil)
    }

    @Test func fourCachesHoldTheCapTogether() async throws {
        // Given four caches on one directory with a 200 kB cap
        let folder = try TemporaryDirectory()
        let limit = 200_000
        let caches = try (0..<4).map { _ in try DiskCache(directory: folder.url, sizeLimit: limit) }

        // When each stores 60 entries of 5 kB at the same time, keys overlapping between caches
        await withTaskGroup(of: Void.self) { group in
            for (index, cache) in caches.enumerated() {
                group.addTask {
                    for i in 0..<60 {
                        let key = "mock://\((i + index * 20) % 120).png"
                        await cache.store(entry(key, size: 5000), for: key)
                        _ = await cache.entry(for: "mock://\((i * 7) % 120).png")
                    }
                }
            }
        }

        // Then the directory holds at most the cap plus one rescan interval per process …
        let total = DiskCacheTests.entrySizes(in: folder.url).reduce(0, +)
        #expect(total <= limit + 4 * (limit / 32), "\(total) bytes on disk for a \(limit)-byte cap")
        // … and every entry any cache finds is its own key's data
        let reader = try DiskCache(directory: folder.url, sizeLimit: limit)
        var found = 0
        for i in 0..<120 {
            let key = "mock://\(i).png"
            if let cached = await reader.entry(for: key) {
                found += 1
                #expect(cached == entry(key, size: 5000))
            }
        }
        #expect(found > 10)
    }
}
