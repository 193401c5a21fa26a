// Disk tier: entries survive a restart; damaged files are reloaded, never served; the cap holds.
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct DiskCacheTests {
    private let payload = Data((0..<5000).map { UInt8($0 % 251) })

    private func warmedDirectory(_ directory: TemporaryDirectory) async throws -> URL {
        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: payload))
        let loader = try LoaderFixtures.loader(mock, disk: directory.url)
        #expect(try await loader.data(for: LoaderFixtures.url("p")).source == .handler)
        let key = try loader.canonicalURL(for: LoaderFixtures.url("p")).absoluteString
        return directory.url.appendingPathComponent(DiskCache.fileName(for: key))
    }

    @Test func aNewLoaderOnTheSameDirectoryGetsADiskHit() async throws {
        let directory = try TemporaryDirectory()
        _ = try await warmedDirectory(directory)
        let mock = MockSchemeHandler()
        let loader = try LoaderFixtures.loader(mock, disk: directory.url)
        let result = try await loader.data(for: LoaderFixtures.url("p"))
        #expect(result.source == .disk)
        #expect(result.data == payload)
        #expect(mock.totalLoads == 0)
        #expect(try await loader.data(for: LoaderFixtures.url("p")).source == .memory)
    }

    @Test(arguments: ["truncate", "flip", "delete", "swap"])
    func damagedFilesAreReloadedWithTheRightData(damage: String) async throws {
        let directory = try TemporaryDirectory()
        let file = try await warmedDirectory(directory)
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "truncate": bytes = bytes.prefix(bytes.count / 2)
        case "flip": bytes[bytes.count - 100] ^= 0x10
        case "swap": bytes = try await DiskCacheTests.entryFile(storedUnder: "mock://pictures/other", data: Data("wrong".utf8), in: directory)
        default: break
        }
        if damage == "delete" { try FileManager.default.removeItem(at: file) } else { try bytes.write(to: file) }

        let mock = MockSchemeHandler()
        mock.stubAll(with: MockResponse(data: payload))
        let loader = try LoaderFixtures.loader(mock, disk: directory.url)
        let result = try await loader.data(for: LoaderFixtures.url("p"))
        #expect(result.source == .handler)
        #expect(result.data == payload)
        let again = try LoaderFixtures.loader(MockSchemeHandler(), disk: directory.url)
        #expect(try await again.data(for: LoaderFixtures.url("p")).source == .disk, "the reload repaired the entry")
    }

    /// The bytes of a valid entry file for another key (to simulate a file renamed onto ours).
    static func entryFile(storedUnder key: String, data: Data, in directory: TemporaryDirectory) async throws -> Data {
        let other = try DiskCache(directory: directory.appending("other"), sizeLimit: 1 << 20)
        await other.store(CachedResponse(response: LoadResponse(), data: data), for: key)
        return try Data(contentsOf: directory.appending("other").appendingPathComponent(DiskCache.fileName(for: key)))
    }

    @Test func evictionKeepsTheSizeCapAndTheRecentEntries() async throws {
        let directory = try TemporaryDirectory()
        let cache = try DiskCache(directory: directory.url, sizeLimit: 10_000)
        for i in 0..<20 { await cache.store(CachedResponse(response: LoadResponse(), data: Data(count: 1000)), for: "k\(i)") }
        let usage = await cache.usage
        #expect(usage.bytes <= 10_000)
        #expect(usage.count >= 5)
        #expect(await cache.entry(for: "k0") == nil)
        #expect(await cache.entry(for: "k19") != nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path)
        #expect(files.count == usage.count, "evicted entries are deleted from disk")
    }

    @Test func aReopenedCacheKnowsItsEntriesAndCap() async throws {
        let directory = try TemporaryDirectory()
        do {
            let cache = try DiskCache(directory: directory.url, sizeLimit: 100_000)
            for i in 0..<5 { await cache.store(CachedResponse(response: LoadResponse(), data: Data(count: 1000)), for: "k\(i)") }
        }
        try Data("junk".utf8).write(to: directory.appending(".tmp-leftover"))
        let reopened = try DiskCache(directory: directory.url, sizeLimit: 100_000)
        #expect(await reopened.usage.count == 5)
        #expect(!FileManager.default.fileExists(atPath: directory.appending(".tmp-leftover").path))
    }

    /// A process that only reads (a `render` of a picture seen before) never lists the directory; the
    /// first write does, and then holds the cap over every entry, including those stored before.
    @Test func readingListsNothingAndTheFirstWriteIndexesEverything() async throws {
        let directory = try TemporaryDirectory()
        let entry = CachedResponse(response: LoadResponse(), data: Data(count: 1000))
        do {
            let cache = try DiskCache(directory: directory.url, sizeLimit: 100_000)
            for i in 0..<5 { await cache.store(entry, for: "k\(i)") }
        }
        let leftover = directory.appending(".tmp-leftover")
        try Data("junk".utf8).write(to: leftover)
        let reopened = try DiskCache(directory: directory.url, sizeLimit: 4_500)
        #expect(await reopened.entry(for: "k0")?.data == entry.data)
        #expect(reopened.smallEntry(for: "k1", maxBytes: 10_000)?.data == entry.data)
        #expect(FileManager.default.fileExists(atPath: leftover.path), "reading listed the directory")

        await reopened.store(entry, for: "k5")
        #expect(!FileManager.default.fileExists(atPath: leftover.path))
        let usage = await reopened.usage
        #expect(usage.bytes <= 4_500 && usage.count >= 1, "\(usage)")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.hasSuffix(".entry") }
        #expect(files.count == usage.count, "entries beyond the cap, old ones included, are deleted")
        #expect(await reopened.entry(for: "k5") != nil, "the newest entry is kept")
    }

    @Test func cacheLocationFollowsXDG() {
        #expect(CacheLocation.directory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.path == "/x/cache/snapterm")
        #expect(CacheLocation.directory(environment: ["HOME": "/home/u"])?.path == "/home/u/.cache/snapterm")
        #expect(CacheLocation.directory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.path == "/home/u/.cache/snapterm")
    }
}
