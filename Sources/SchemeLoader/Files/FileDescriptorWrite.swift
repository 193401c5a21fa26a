// FileDescriptorWrite: all of a buffer written to a descriptor — the loop every file writer needs.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writing to an open descriptor.
public enum FileDescriptorWrite {
    /// Writes all of `data` to `descriptor`, again after an interrupted or short write; a non-blocking
    /// descriptor that is full (a pipe whose reader is slower, `O_NONBLOCK` set by whoever passed it)
    /// is waited for with `poll`. `false` (with `errno` saying why) when a write fails.
    public static func all(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0, errno == EINTR { continue }
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    guard waitUntilWritable(descriptor) else { return false }
                    continue
                }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
    }

    private static func waitUntilWritable(_ descriptor: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        while poll(&request, 1, -1) < 0 {
            guard errno == EINTR else { return false }
        }
        return true
    }
}
