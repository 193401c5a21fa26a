// FileIdentity: what a file's contents are known by — device, inode, size and change times.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity of one version of a file: any replacement (rename over it, a new inode) or
/// rewrite (size, modification or status-change time, to the nanosecond) gives a new identity.
/// Cache keys of pictures made from files carry it, so a changed file is a new key.
public struct FileIdentity: Sendable, Hashable {
    /// Device and inode.
    public let device: UInt64, inode: UInt64
    /// Size in bytes.
    public let size: Int64
    /// Modification and status-change times, nanoseconds since 1970.
    public let modified: Int64, changed: Int64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    }

    /// The identity of the file at `path` (symbolic links followed), or `nil` when there is
    /// nothing there. Never opens the file, so it cannot block on a FIFO or a device.
    public static func of(path: String) -> FileIdentity? {
        of(path: RawPath(path))
    }

    /// The identity of the file at the byte path `path` (symbolic links followed), or `nil`.
    public static func of(path: RawPath) -> FileIdentity? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        return FileIdentity(info)
    }

    /// A short token for URLs and keys: `size-mtime-ctime-inode-device` in base 36.
    public var token: String {
        [UInt64(bitPattern: size), UInt64(bitPattern: modified), UInt64(bitPattern: changed), inode, device]
            .map { String($0, radix: 36) }.joined(separator: "-")
    }
}
