// DiskCache: a directory of cache entry files with a size cap enforced while running (LRU eviction).
import Foundation

/// A persistent cache: one file per entry, named by a hash of its key, written atomically
/// (temporary file + rename) and checked on every read. A damaged file is a miss, never wrong data.
///
/// Several processes may share one directory. A lookup the in-memory index does not know falls
/// back to the file system (another process may have stored it), and the size cap is held
/// together: each process re-reads the directory's real contents (sizes, and modification times
/// as the shared recency order, refreshed on every read) after writing `sizeLimit / 32` bytes or
/// when its own view is over the cap, then deletes the least recently used files beyond the cap.
/// Between two rescans the directory can exceed the cap by at most `sizeLimit / 32` per process.
public actor DiskCache {
    /// The directory holding the entries.
    public let directory: URL
    /// The largest total size of entry files; least recently used entries are deleted beyond it.
    public let sizeLimit: Int

    private var sizes: [String: Int] = [:]
    private var order = LRUList<String>()
    private var totalSize = 0
    /// How many damaged or altered files were found and deleted since opening.
    public private(set) var rejectedFiles = 0
    /// How many times the directory was re-read to hold the cap with other processes.
    public private(set) var rescans = 0
    private var bytesSinceScan = 0
    private var isIndexed = false

    /// Opens (creating if needed) the cache in `directory`. The entries already there are indexed on the
    /// first write or size query, not here: a process that only reads (a `render` of a picture seen
    /// before) never lists the directory.
    public init(directory: URL, sizeLimit: Int) throws {
        self.directory = directory
        self.sizeLimit = sizeLimit
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Lists the directory into the index once, deleting temporary files of writes that never finished.
    private func indexIfNeeded() {
        guard !isIndexed else { return }
        isIndexed = true
        guard let found = try? Self.listing(of: directory, removingLeftovers: true) else { return }
        index(found)
    }

    private func index(_ found: [(name: String, size: Int, used: Date)]) {
        sizes = [:]
        order.removeAll()
        totalSize = 0
        for file in found {
            sizes[file.name] = file.size
            order.touch(file.name)
            totalSize += file.size
        }
    }

    /// The entry files in `directory`, least recently used first; with `removingLeftovers`,
    /// temporary files of writes that never finished are deleted.
    private static func listing(of directory: URL, removingLeftovers: Bool) throws -> [(name: String, size: Int, used: Date)] {
        let files = FileManager.default
        let listing = try files.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])
        var found: [(name: String, size: Int, used: Date)] = []
        for url in listing {
            let name = url.lastPathComponent
            if name.hasPrefix(".tmp-") {
                if removingLeftovers { try? files.removeItem(at: url) }  // a write that never finished
                continue
            }
            guard name.hasSuffix(".entry"), let values = try? url.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            else { continue }
            found.append((name, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        return found.sorted { $0.used < $1.used }
    }

    /// Re-reads the directory (other processes add and evict entries), then evicts beyond the cap.
    private func rescan() {
        rescans += 1
        bytesSinceScan = 0
        guard let found = try? Self.listing(of: directory, removingLeftovers: false) else { return }
        index(found)
        evictBeyondLimit()
    }

    private func evictBeyondLimit() {
        while totalSize > sizeLimit, let victim = order.removeOldest() {
            forget(victim, deleting: true)
        }
    }

    /// The intact entry stored under `key`, or `nil`. A damaged file is deleted. The file is read on
    /// the caller's thread; only the index is updated on the actor, so a read never waits for a write.
    public nonisolated func entry(for key: String) async -> CachedResponse? {
        let name = Self.fileName(for: key)
        let url = directory.appendingPathComponent(name)
        // Not in the index: another process may have stored it since this one looked.
        guard let file = try? Data(contentsOf: url) else {
            await forget(name, deleting: false)  // absent (or evicted by another process)
            return nil
        }
        guard let entry = DiskCacheEntryFile.decode(file, key: key) else {
            await reject(name)
            return nil
        }
        Self.touchFile(url)
        await noteRead(name, size: file.count)
        return entry
    }

    private func noteRead(_ name: String, size: Int) {
        guard isIndexed else { return }
        if sizes[name] == nil {
            sizes[name] = size
            totalSize += size
        }
        order.touch(name)
    }

    private func reject(_ name: String) {
        rejectedFiles += 1
        forget(name, deleting: true)
    }

    /// The intact entry stored under `key` if its file is at most `maxBytes`, read synchronously by the
    /// calling thread (for a UI that must show a disk copy in the frame a row appears). Reads only the
    /// file — never the actor's index — so it is safe from any thread: files are replaced by an atomic
    /// rename and checked on decode, so a concurrent write or eviction gives the old entry, the new one
    /// or `nil`, never damaged bytes. Recency is not updated here (`entry(for:)` does that).
    public nonisolated func smallEntry(for key: String, maxBytes: Int) -> CachedResponse? {
        let path = directory.appendingPathComponent(Self.fileName(for: key)).path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0, Int(status.st_size) <= maxBytes else { return nil }
        let size = Int(status.st_size)
        var file = Data(count: size)
        let read = file.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < size {
                let count = Foundation.read(descriptor, buffer.baseAddress! + done, size - done)
                if count <= 0 { break }
                done += count
            }
            return done
        }
        guard read == size else { return nil }
        return DiskCacheEntryFile.decode(file, key: key)
    }

    /// Marks the entry under `key` as just used (after a `smallEntry(for:maxBytes:)` read).
    public func noteUse(of key: String) {
        let name = Self.fileName(for: key)
        if isIndexed {
            guard sizes[name] != nil else { return }
            order.touch(name)
        }
        Self.touchFile(directory.appendingPathComponent(name))
    }

    /// Stores `entry` under `key` atomically, then evicts old entries beyond the size limit. The file
    /// is written on the caller's thread; only the index is updated on the actor, so a slow disk
    /// never holds up reads.
    public nonisolated func store(_ entry: CachedResponse, for key: String) async {
        guard let file = try? DiskCacheEntryFile.encode(entry, key: key), file.count <= sizeLimit else { return }
        let name = Self.fileName(for: key)
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)").path
        guard Self.write(file, to: temporary), rename(temporary, directory.appendingPathComponent(name).path) == 0 else {
            unlink(temporary)
            return
        }
        await noteStored(name, size: file.count)
    }

    private func noteStored(_ name: String, size: Int) {
        indexIfNeeded()
        totalSize += size - (sizes[name] ?? 0)
        sizes[name] = size
        order.touch(name)
        bytesSinceScan += size
        if totalSize > sizeLimit || bytesSinceScan >= max(1, sizeLimit / 32) {
            rescan()
        }
    }

    /// Deletes the entry under `key`.
    public func removeEntry(for key: String) {
        forget(Self.fileName(for: key), deleting: true)
    }

    /// Deletes every entry.
    public func removeAll() {
        indexIfNeeded()
        for name in sizes.keys { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
        sizes = [:]
        order.removeAll()
        totalSize = 0
    }

    /// The number of entries and their total size in bytes.
    public var usage: (count: Int, bytes: Int) {
        indexIfNeeded()
        return (sizes.count, totalSize)
    }

    /// The file name used for `key`.
    public static func fileName(for key: String) -> String {
        Checksums.fileName(for: key) + ".entry"
    }

    private func forget(_ name: String, deleting: Bool) {
        if let size = sizes.removeValue(forKey: name) { totalSize -= size }
        order.remove(name)
        if deleting { unlink(directory.appendingPathComponent(name).path) }
    }

    /// Writes `data` to a new file at `path` without `fsync`: a cache entry is worth less than the
    /// wait (under a busy disk an `fsync` takes hundreds of milliseconds), and an entry that a crash
    /// leaves incomplete fails its checksum and is a miss.
    private nonisolated static func write(_ data: Data, to path: String) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return data.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
    }

    private nonisolated static func touchFile(_ url: URL) {
        // Keeps the recency order across restarts; failure only costs eviction accuracy.
        utimes(url.path, nil)
    }
}
