// TerminalOutput: where raw picture bytes go — the terminal in the app, a buffer in tests.
import Foundation

/// A sink for bytes written behind ncurses' back (pictures).
public protocol TerminalOutput: AnyObject {
    /// Writes all of `bytes`.
    func write(_ bytes: Data)
}

/// Writes to a file descriptor (standard output in the app), retrying short writes.
public final class FileDescriptorOutput: TerminalOutput {
    private let descriptor: Int32

    public init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    public func write(_ bytes: Data) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return
                }
                offset += written
            }
        }
    }
}

/// Collects written bytes in memory.
public final class BufferOutput: TerminalOutput {
    public private(set) var bytes = Data()
    public init() {}
    public func write(_ bytes: Data) { self.bytes += bytes }
}
