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
        await loader.waitForPendingWrites()  // written after delivery: a second loader must find it
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
        await loader.waitForPendingWrites()
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
        #expect(Self.entrySizes(in: directory.url).count == usage.count, "evicted entries are deleted from disk")
    }

    @Test func aReopenedCacheKnowsItsEntriesAndCap() async throws {
        let directory = try TemporaryDirectory()
        do {
            let cache = try DiskCache(directory: directory.url, sizeLimit: 100_000)
            for i in 0..<5 { await cache.store(CachedResponse(response: LoadResponse(), data: Data(count: 1000)), for: "k\(i)") }
        }
        let abandoned = try Self.temporaryFile(".tmp-abandoned", in: directory, age: 3600)
        let writing = try Self.temporaryFile(".tmp-writing", in: directory, age: 0)
        let reopened = try DiskCache(directory: directory.url, sizeLimit: 100_000)
        #expect(await reopened.usage.count == 5)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path), "a write that never finished is deleted")
        #expect(FileManager.default.fileExists(atPath: writing.path), "another process's write in progress is left alone")
    }

    /// A process that only reads, or writes less than `sizeLimit / 32` bytes (a `render`), never lists
    /// the directory, however many entries it holds. The write that fills the tally every process adds
    /// to does, and then holds the cap over every entry, including those stored before.
    @Test func onlyTheWriteThatFillsTheSharedTallyListsTheDirectory() async throws {
        let directory = try TemporaryDirectory()
        let entry = CachedResponse(response: LoadResponse(), data: Data(count: 1000))
        let roomy = 1 << 30
        do {
            let cache = try DiskCache(directory: directory.url, sizeLimit: roomy)
            for i in 0..<5 { await cache.store(entry, for: "k\(i)") }
        }
        let abandoned = try Self.temporaryFile(".tmp-abandoned", in: directory, age: 3600)

        let reader = try DiskCache(directory: directory.url, sizeLimit: roomy)
        #expect(await reader.entry(for: "k0")?.data == entry.data)
        #expect(reader.smallEntry(for: "k1", maxBytes: 10_000)?.data == entry.data)
        let smallWriter = try DiskCache(directory: directory.url, sizeLimit: roomy)
        await smallWriter.store(entry, for: "k5")
        #expect(await reader.rescans == 0)
        #expect(await smallWriter.rescans == 0)
        #expect(FileManager.default.fileExists(atPath: abandoned.path), "reading or a small write listed the directory")

        let tight = try DiskCache(directory: directory.url, sizeLimit: 4_500)
        await tight.store(entry, for: "k6")
        #expect(await tight.rescans == 1)
        #expect(!FileManager.default.fileExists(atPath: abandoned.path))
        let usage = await tight.usage
        #expect(usage.bytes <= 4_500 && usage.count >= 1, "\(usage)")
        #expect(Self.entrySizes(in: directory.url).count == usage.count, "entries beyond the cap, old ones included, are deleted")
        #expect(await tight.entry(for: "k6") != nil, "the newest entry is kept")
    }

    /// A `--reload` of an unchanged picture: the same bytes are not written again (replacing the file
    /// would only free the old one's blocks, a wait for the device under `discard`); new bytes are.
    @Test func storingTheSameEntryAgainKeepsTheFileAndMarksItUsed() async throws {
        let directory = try TemporaryDirectory()
        let response = LoadResponse(mimeType: "image/png", expiresAt: Date(timeIntervalSince1970: 2_000_000_000),
                                    validators: CacheValidators(entityTag: "\"v1\"", lastModified: "Tue, 24 Nov 2026 10:00:00 GMT"))
        let entry = CachedResponse(response: response, data: Data(repeating: 7, count: 3000))
        await (try DiskCache(directory: directory.url, sizeLimit: 1 << 20)).store(entry, for: "k")
        let file = directory.url.appendingPathComponent(DiskCache.fileName(for: "k")).path
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file)
        let before = try FileManager.default.attributesOfItem(atPath: file)

        // When another process stores the same entry
        await (try DiskCache(directory: directory.url, sizeLimit: 1 << 20)).store(entry, for: "k")
        let again = try FileManager.default.attributesOfItem(atPath: file)
        #expect(again[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int, "the file was replaced")
        #expect((again[.modificationDate] as? Date ?? .distantPast) > Date(timeIntervalSinceNow: -60), "not marked as used")

        // When a different entry is stored under the key
        let changed = CachedResponse(response: response, data: Data(repeating: 8, count: 3000))
        let cache = try DiskCache(directory: directory.url, sizeLimit: 1 << 20)
        await cache.store(changed, for: "k")
        let replaced = try FileManager.default.attributesOfItem(atPath: file)
        #expect(replaced[.systemFileNumber] as? Int != before[.systemFileNumber] as? Int)
        #expect(await cache.entry(for: "k") == changed)
    }

    /// Like a file manager previewing one file per `snapterm render`: 200 processes, one write each.
    @Test func manyShortLivedProcessesHoldTheCapTogether() async throws {
        let directory = try TemporaryDirectory()
        let limit = 100_000
        for i in 0..<200 {
            let process = try DiskCache(directory: directory.url, sizeLimit: limit)
            await process.store(CachedResponse(response: LoadResponse(), data: Data(count: 4000)), for: "k\(i)")
        }
        let entries = Self.entrySizes(in: directory.url)
        #expect(entries.reduce(0, +) <= limit + limit / 32 + 4_500, "\(entries.reduce(0, +)) bytes for a \(limit)-byte cap")
        #expect(entries.count >= 10)
        let reader = try DiskCache(directory: directory.url, sizeLimit: limit)
        #expect(await reader.entry(for: "k199") != nil, "the newest entry is kept")
    }

    /// The sizes of the entry files in `directory`.
    static func entrySizes(in directory: URL) -> [Int] {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])) ?? []
        return files.filter { $0.pathExtension == "entry" }.compactMap { try? $0.resourceValues(forKeys: [.fileSizeKey]).fileSize }
    }

    /// A temporary file as a write leaves it, last changed `age` seconds ago.
    static func temporaryFile(_ name: String, in directory: TemporaryDirectory, age: TimeInterval) throws -> URL {
        let url = directory.appending(name)
        try Data("junk".utf8).write(to: url)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: url.path)
        return url
    }

    @Test func cacheLocationFollowsXDG() {
        #expect(CacheLocation.directory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"])?.path == "/x/cache/snapterm")
        #expect(CacheLocation.directory(environment: ["HOME": "/home/u"])?.path == "/home/u/.cache/snapterm")
        #expect(CacheLocation.directory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.path == "/home/u/.cache/snapterm")
    }
}
