// Files the cache did not write, put in its folder (a symbolic link out of it, a FIFO, a hard link),
// are misses: never followed, written through, truncated or waited on — and nothing outside changes.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite struct DiskCachePlantedFilesTests {
    private static let tally = ".stored-since-rescan"
    private let stored = CachedResponse(response: LoadResponse(mimeType: "image/png"), data: Data(repeating: 9, count: 3000))

    /// A file outside the cache folder, with its content and modification time.
    private struct Outside {
        let url: URL
        let content = Data("a file that is not the cache's".utf8)

        init(in folder: TemporaryDirectory) throws {
            url = folder.appending("outside.txt")
            try content.write(to: url)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: url.path)
        }

        var isUnchanged: Bool {
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
            return (try? Data(contentsOf: url)) == content && modified == Date(timeIntervalSince1970: 1_000_000_000)
        }
    }

    @Test(arguments: ["symbolic link", "hard link"])
    func aLinkedTallyNeverChangesTheFileItNames(kind: String) async throws {
        // Given the shared tally replaced by a link to a file outside the cache folder
        let folder = try TemporaryDirectory()
        let outside = try Outside(in: folder)
        let cacheFolder = folder.appending("cache")
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        let tally = cacheFolder.appendingPathComponent(Self.tally)
        if kind == "symbolic link" {
            try FileManager.default.createSymbolicLink(at: tally, withDestinationURL: outside.url)
        } else {
            try FileManager.default.linkItem(at: outside.url, to: tally)
        }

        // When a cache whose rescans come at every KiB stores entries (adds to the tally, then resets it)
        let cache = try DiskCache(directory: cacheFolder, sizeLimit: 32 << 10)
        await cache.store(stored, for: "mock://a.png")
        await cache.store(stored, for: "mock://b.png")

        // Then the outside file is untouched, the entries are kept, and the tally is a file of the cache's own
        #expect(outside.isUnchanged)
        #expect(await cache.entry(for: "mock://a.png") == stored)
        var info = stat()
        #expect(lstat(tally.path, &info) != 0 || (info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1))
    }

    @Test func anEntryLinkedOutsideIsAMissAndNotTouched() async throws {
        // Given an entry's name made a symbolic link to a valid entry file outside the cache folder
        let folder = try TemporaryDirectory()
        let elsewhere = try DiskCache(directory: folder.appending("elsewhere"), sizeLimit: 1 << 20)
        await elsewhere.store(stored, for: "mock://a.png")
        let name = DiskCache.fileName(for: "mock://a.png")
        let target = folder.appending("elsewhere").appendingPathComponent(name)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: target.path)
        let before = try Data(contentsOf: target)
        let cache = try DiskCache(directory: folder.appending("cache"), sizeLimit: 1 << 20)
        try FileManager.default.createSymbolicLink(at: folder.appending("cache").appendingPathComponent(name), withDestinationURL: target)

        // When the key is looked up, both ways
        let small = cache.smallEntry(for: "mock://a.png", maxBytes: 1 << 20)
        let entry = await cache.entry(for: "mock://a.png")

        // Then both are misses, and the file the link named is as it was (content and time)
        #expect(small == nil)
        #expect(entry == nil)
        #expect(try Data(contentsOf: target) == before)
        let modified = try FileManager.default.attributesOfItem(atPath: target.path)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1_000_000_000))
    }

    @Test func aFIFOEntryIsAMissAtOnce() async throws {
        // Given a FIFO, with no writer, in place of an entry
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(directory: folder.url, sizeLimit: 1 << 20)
        let fifo = folder.url.appendingPathComponent(DiskCache.fileName(for: "mock://a.png"))
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // (the rescue comes late: under a loaded suite the lookups may wait for a thread, never for the FIFO)
        let rescue = FIFORescue(path: fifo.path, opening: O_WRONLY, after: .seconds(90))

        // When it is looked up, both ways
        let started = ContinuousClock.now
        let small = try await OffPool.run { cache.smallEntry(for: "mock://a.png", maxBytes: 1 << 20) }
        let entry = await cache.entry(for: "mock://a.png")
        let took = ContinuousClock.now - started
        rescue.stop()

        // Then both are misses, well before the rescue writer would have ended a wait
        #expect(small == nil)
        #expect(entry == nil)
        #expect(took < .seconds(45))
    }

    @Test func aFIFOTallyNeverHoldsUpAStore() async throws {
        // Given a FIFO, with no reader, in place of the shared tally
        let folder = try TemporaryDirectory()
        #expect(mkfifo(folder.url.appendingPathComponent(Self.tally).path, 0o600) == 0)
        let rescue = FIFORescue(path: folder.url.appendingPathComponent(Self.tally).path, opening: O_RDONLY)
        let cache = try DiskCache(directory: folder.url, sizeLimit: 32 << 10)

        // When entries are stored
        let started = ContinuousClock.now
        await cache.store(stored, for: "mock://a.png")
        await cache.store(stored, for: "mock://b.png")
        let took = ContinuousClock.now - started
        rescue.stop()

        // Then the stores finished at once and were kept
        #expect(took < .seconds(10))
        #expect(await cache.entry(for: "mock://b.png") == stored)
    }
}
