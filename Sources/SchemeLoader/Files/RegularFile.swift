// RegularFile: an open regular file, refused at open when it is a FIFO, socket, device or directory.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation

/// A regular file opened for reading (or, for a file shared in a program's own folder, appending). Opening never blocks (`O_NONBLOCK`, so a FIFO without a
/// writer cannot hang it), never follows a last-component symbolic link (`O_NOFOLLOW`: resolve
/// links before), never becomes a controlling terminal (`O_NOCTTY`), and anything but a regular
/// file is refused — checked with `lstat` before opening and `fstat` after.
///
/// Reads are blocking system calls: call them through `RegularFile.offPool` from async code.
public final class RegularFile: @unchecked Sendable {
    // @unchecked: the descriptor is only read from by one caller at a time (a load reads its file
    // sequentially), except by `read(at:upTo:)`, which keeps no position (pread); it is closed once, in deinit.
    /// The path opened, for messages (bytes that are not UTF-8 shown as `\xFF`).
    public let path: String
    /// The file's identity when opened.
    public let identity: FileIdentity
    private let descriptor: Int32

    /// Opens `path`; throws `LoadError.fileNotFound`, `.notARegularFile`, `.fileUnreadable`, or
    /// `.bodyTooLarge` when the file is bigger than `maxBytes`.
    public convenience init(path: String, maxBytes: Int) throws(LoadError) {
        try self.init(path: RawPath(path), maxBytes: maxBytes)
    }

    /// Opens the file named by exactly the bytes of `raw` (a name need not be UTF-8); throws as above.
    public convenience init(path raw: RawPath, maxBytes: Int) throws(LoadError) {
        try self.init(path: raw, flags: O_RDONLY, maxBytes: maxBytes)
    }

    /// Opens `path` for appending, creating it (mode 0644) when missing — a file a program shares
    /// through a folder of its own. Besides what reading refuses, a file with another name (a hard
    /// link planted to a file elsewhere) is refused as `.notARegularFile`.
    public convenience init(appendingTo path: String) throws(LoadError) {
        try self.init(path: RawPath(path), flags: O_WRONLY | O_APPEND | O_CREAT, maxBytes: .max)
    }

    private init(path raw: RawPath, flags: Int32, maxBytes: Int) throws(LoadError) {
        let path = raw.description
        self.path = path
        var before = stat()
        if raw.withCString({ lstat($0, &before) }) == 0 {
            if let kind = Self.kindIfNotRegular(before.st_mode) { throw .notARegularFile(path: path, kind: kind) }
        } else if errno != ENOENT || flags & O_CREAT == 0 {
            throw Self.openError(errno, path: path)
        }
        let descriptor = raw.withCString { open($0, flags | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY | O_CLOEXEC, 0o600) }
        guard descriptor >= 0 else { throw Self.openError(errno, path: path) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let code = errno
            close(descriptor)
            throw .fileUnreadable(path: path, reason: String(cString: strerror(code)))
        }
        if let kind = Self.kindIfNotRegular(info.st_mode) ?? (flags & O_WRONLY != 0 && info.st_nlink != 1 ? "a file with other hard links" : nil) {
            close(descriptor)  // swapped for something else between lstat and open, or linked to a file elsewhere
            throw .notARegularFile(path: path, kind: kind)
        }
        guard info.st_size <= maxBytes else {
            close(descriptor)
            throw .bodyTooLarge(limit: maxBytes, url: raw.fileURL.absoluteString)
        }
        self.descriptor = descriptor
        identity = FileIdentity(info)
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes from the current position; empty at the end of the file.
    public func read(upTo count: Int) throws(LoadError) -> Data {
        var buffer = Data(count: count)
        let got = buffer.withUnsafeMutableBytes { raw -> Int in
            while true {
                let n = systemRead(descriptor, raw.baseAddress, count)
                if n < 0, errno == EINTR { continue }
                return n
            }
        }
        guard got >= 0 else { throw .fileUnreadable(path: path, reason: String(cString: strerror(errno))) }
        buffer.count = got
        return buffer
    }

    /// Up to `count` bytes at `offset`, without moving the file position (`pread`, so callers may
    /// read at once); fewer only where the file ends.
    public func read(at offset: UInt64, upTo count: Int) throws(LoadError) -> Data {
        guard count > 0, offset < UInt64(Int64.max) else { return Data() }
        var buffer = Data(count: count)
        var got = 0
        let failed = buffer.withUnsafeMutableBytes { raw -> Bool in
            while got < count {
                let n = pread(descriptor, raw.baseAddress.map { $0 + got }, count - got, off_t(offset) + off_t(got))
                if n < 0, errno == EINTR { continue }
                if n < 0 { return true }
                if n == 0 { return false }
                got += n
            }
            return false
        }
        guard !failed else { throw .fileUnreadable(path: path, reason: String(cString: strerror(errno))) }
        buffer.count = got
        return buffer
    }

    /// The whole file (at most `maxBytes`; more is `LoadError.bodyTooLarge`: the file grew).
    public func readAll(maxBytes: Int) throws(LoadError) -> Data {
        var data = Data()
        while true {
            let chunk = try read(upTo: 256 << 10)
            if chunk.isEmpty { return data }
            data.append(chunk)
            guard data.count <= maxBytes else {
                throw .bodyTooLarge(limit: maxBytes, url: URL(fileURLWithPath: path).absoluteString)
            }
        }
    }

    /// Appends `bytes` in one write (opened with `init(appendingTo:)`; appends by several processes
    /// do not interleave). Returns the file's size after it.
    public func append(_ bytes: [UInt8]) throws(LoadError) -> Int {
        var info = stat()
        guard systemWrite(descriptor, bytes, bytes.count) == bytes.count, fstat(descriptor, &info) == 0 else {
            throw .fileUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        return Int(info.st_size)
    }

    /// Cuts the file to nothing (opened with `init(appendingTo:)`).
    public func truncate() throws(LoadError) {
        guard ftruncate(descriptor, 0) == 0 else { throw .fileUnreadable(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Whether `path` (links followed) is a regular file now. `stat` only: never opens it.
    public static func isRegular(path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// Runs blocking file work on a GCD thread, never on Swift's cooperative pool (two threads on
    /// two cores: one slow disk or network file system must not stall the UI and the loader).
    public static func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    private static let queue = DispatchQueue(label: "snapterm.file-io", qos: .userInitiated, attributes: .concurrent)

    /// A user-facing name for a file type that is not a regular file, or `nil` for a regular file.
    public static func kindIfNotRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    private static func openError(_ code: Int32, path: String) -> LoadError {
        switch code {
        case ENOENT, ENOTDIR: .fileNotFound(path: path)
        case ELOOP: .notARegularFile(path: path, kind: "a symbolic link")
        case ENXIO: .notARegularFile(path: path, kind: "a socket or device")
        default: .fileUnreadable(path: path, reason: String(cString: strerror(code)))
        }
    }
}

/// `read(2)`, named apart from `RegularFile.read(upTo:)`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `write(2)`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
