// DiskCache: a directory of cache entry files with a size cap enforced while running (LRU eviction).
import Foundation

/// A persistent cache: one file per entry, named by a hash of its key, written atomically
/// (temporary file + rename) and checked on every read. A damaged file is a miss, never wrong data.
/// Every file in the directory is opened as a `RegularFile`: a symbolic link, FIFO, device or
/// directory put there, or an entry larger than `sizeLimit`, is a miss — never followed, waited on
/// or read.
///
/// Several processes may share one directory. A lookup the in-memory index does not know falls
/// back to the file system (another process may have stored it), and the size cap is held
/// together: every store adds its size to a tally kept in the directory, and the store that brings
/// the tally to `sizeLimit / 32` bytes re-reads the directory's real contents (sizes, and
/// modification times as the shared recency order, refreshed on every read), deletes the least
/// recently used files beyond the cap and starts the tally again. A process also rescans when its
/// own view is over the cap. So a short-lived process (one `render`) never lists the directory, however
/// many entries it holds, and between two rescans the directory exceeds the cap by at most
/// `sizeLimit / 32` bytes.
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
    private var isIndexed = false
    /// The tally file: it grows by one byte per KiB stored since the last rescan.
    private static let tallyName = ".stored-since-rescan"

    /// Opens (creating if needed) the cache in `directory`. The entries already there are indexed on the
    /// first rescan or size query, not here: a process that reads, or writes less than `sizeLimit / 32`
    /// bytes, never lists the directory.
    public init(directory: URL, sizeLimit: Int) throws {
        self.directory = directory
        self.sizeLimit = sizeLimit
        // Private to its owner: what a person looked at is nobody else's business on a shared machine.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
    }

    /// Lists the directory into the index once.
    private func indexIfNeeded() {
        guard !isIndexed else { return }
        index(DiskCacheListing.entries(in: directory))
    }

    private func index(_ found: [DiskCacheListing.Entry]) {
        isIndexed = true
        sizes = [:]
        order.removeAll()
        totalSize = 0
        for file in found {
            sizes[file.name] = file.size
            order.touch(file.name)
            totalSize += file.size
        }
    }

    /// Re-reads the directory (other processes add and evict entries), then evicts beyond the cap.
    private func rescan() {
        rescans += 1
        Self.resetTally(in: directory)
        index(DiskCacheListing.entries(in: directory))
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
        let file: Data
        switch Self.read(url.path, maxBytes: sizeLimit) {
        case .success(let bytes):
            file = bytes
        case .failure(.fileNotFound):
            await forget(name, deleting: false)  // absent (or evicted by another process)
            return nil
        case .failure(.notARegularFile), .failure(.bodyTooLarge):
            await reject(name)  // never an entry this cache wrote: removed (a link, not what it names)
            return nil
        case .failure:
            await forget(name, deleting: false)
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
        guard case .success(let file) = Self.read(path, maxBytes: min(maxBytes, sizeLimit)) else { return nil }
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
    /// never holds up reads. An entry already stored byte for byte is only marked as used.
    public nonisolated func store(_ entry: CachedResponse, for key: String) async {
        guard let file = try? DiskCacheEntryFile.encode(entry, key: key), file.count <= sizeLimit else { return }
        let name = Self.fileName(for: key)
        let destination = directory.appendingPathComponent(name)
        if Self.file(at: destination.path, holds: file) {
            Self.touchFile(destination)
            return await noteStored(name, size: file.count, tallyIsFull: false)
        }
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)").path
        guard Self.write(file, to: temporary), rename(temporary, destination.path) == 0 else {
            unlink(temporary)
            return
        }
        let tally = Self.addToTally(file.count, in: directory)
        await noteStored(name, size: file.count, tallyIsFull: tally.map { $0 >= max(1, sizeLimit / 32) } ?? true)
    }

    private func noteStored(_ name: String, size: Int, tallyIsFull: Bool) {
        if isIndexed {
            totalSize += size - (sizes[name] ?? 0)
            sizes[name] = size
            order.touch(name)
        }
        if tallyIsFull || totalSize > sizeLimit { rescan() }
    }

    /// Adds `size` to the tally of bytes stored in `directory` since its last rescan, by any process:
    /// a file that grows by one byte per KiB (appends are atomic), so its length is the tally.
    /// Returns the tally in bytes, or `nil` when the file cannot be written.
    private nonisolated static func addToTally(_ size: Int, in directory: URL) -> Int? {
        let kibibytes = [UInt8](repeating: 0, count: max(1, (size + 1023) / 1024))
        guard let tally = try? RegularFile(appendingTo: directory.appendingPathComponent(tallyName).path),
              let length = try? tally.append(kibibytes) else { return nil }
        return length * 1024
    }

    /// Starts the tally again. Anything but a regular file of one name in its place (a link or FIFO
    /// put there) is removed — the name, never what it points to — so the next store makes a new one.
    private static func resetTally(in directory: URL) {
        let path = directory.appendingPathComponent(tallyName).path
        do throws(LoadError) {
            try RegularFile(appendingTo: path).truncate()
        } catch {
            unlink(path)
        }
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
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return FileDescriptorWrite.all(data, to: descriptor)
    }

    /// Whether the file at `path` holds exactly `bytes` (a `--reload` of an unchanged picture).
    /// Replacing it would change nothing but free the old file's blocks — on a file system mounted
    /// with `discard`, a wait for the device inside `rename` (BENCHMARKS.md, issue 14).
    private nonisolated static func file(at path: String, holds bytes: Data) -> Bool {
        guard let file = try? RegularFile(path: path, maxBytes: bytes.count), file.identity.size == bytes.count else { return false }
        return (try? file.readAll(maxBytes: bytes.count)) == bytes
    }

    /// The bytes of the regular file at `path`, if it is one of at most `maxBytes` (checked before reading).
    private nonisolated static func read(_ path: String, maxBytes: Int) -> Result<Data, LoadError> {
        Result { () throws(LoadError) in try RegularFile(path: path, maxBytes: maxBytes).readAll(maxBytes: maxBytes) }
    }

    private nonisolated static func touchFile(_ url: URL) {
        // Keeps the recency order across restarts; failure only costs eviction accuracy. The entry
        // itself, never what a link put in its place points to.
        utimensat(AT_FDCWD, url.path, nil, AT_SYMLINK_NOFOLLOW)
    }
}
