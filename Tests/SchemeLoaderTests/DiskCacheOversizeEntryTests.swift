// An entry file larger than the cache's cap (a sparse file of gigabytes put in its folder) is
// refused by its size before a byte is read: a miss, and the memory of the process stays small.
#if canImport(Glibc)
import Glibc
#endif
import Foundation
import SchemeLoader
import TestSupport
import Testing

@Suite(.serialized) struct DiskCacheOversizeEntryTests {
    private static let limit = 512 << 20  // the default cap of each of Snapterm's caches

    /// A sparse file of `size` bytes at the entry's name for `key` (no disk blocks, no time to make).
    private func sparseEntry(size: Int, for key: String, in folder: TemporaryDirectory) throws {
        let path = folder.url.appendingPathComponent(DiskCache.fileName(for: key)).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(ftruncate(descriptor, off_t(size)) == 0)
    }

    @Test(arguments: [3 << 30, (512 << 20) + 1])
    func anEntryBeyondTheCapIsRefusedUnread(size: Int) async throws {
        // Given a cache with the default cap, and a sparse entry file beyond it
        let folder = try TemporaryDirectory()
        let cache = try DiskCache(directory: folder.url, sizeLimit: Self.limit)
        try sparseEntry(size: size, for: "mock://huge.png", in: folder)
        let probe = ProcessProbe(pid: getpid())
        probe.resetPeakResident()
        let peakBefore = try #require(probe.peakResidentBytes)

        // When it is looked up, both ways
        let small = cache.smallEntry(for: "mock://huge.png", maxBytes: .max)
        let entry = await cache.entry(for: "mock://huge.png")

        // Then both are misses, and the process never held the file in memory
        #expect(small == nil)
        #expect(entry == nil)
        let peakAfter = try #require(probe.peakResidentBytes)
        #expect(peakAfter - peakBefore < 256 << 20, "peak resident memory grew by \(peakAfter - peakBefore) bytes")
    }
}
