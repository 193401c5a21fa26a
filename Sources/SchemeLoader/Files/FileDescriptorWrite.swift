// FileDescriptorWrite: all of a buffer written to a descriptor — the loop every file writer needs.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Writing to an open descriptor.
public enum FileDescriptorWrite {
    /// Writes all of `data` to `descriptor`, again after an interrupted or short write. `false` (with
    /// `errno` saying why) when a write fails.
    public static func all(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
    }
}
