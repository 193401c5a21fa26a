// TerminalOutput: where raw picture bytes go — the terminal in the app, a buffer in tests.
import Foundation
import SchemeLoader

/// A sink for bytes written behind ncurses' back (pictures).
public protocol TerminalOutput: AnyObject {
    /// Writes all of `bytes`.
    func write(_ bytes: Data)
}

/// Writes to a file descriptor (standard output in the app), retrying short writes and waiting
/// (not spinning) while a non-blocking descriptor is full.
public final class FileDescriptorOutput: TerminalOutput {
    private let descriptor: Int32

    public init(descriptor: Int32 = STDOUT_FILENO) {
        self.descriptor = descriptor
    }

    public func write(_ bytes: Data) {
        _ = FileDescriptorWrite.all(bytes, to: descriptor)
    }
}
