// BufferOutput: a TerminalOutput that collects the bytes written, for tests that read what reached the terminal.
import Foundation
import SnaptermUI

/// Collects written bytes in memory.
final class BufferOutput: TerminalOutput {
    private(set) var bytes = Data()
    func write(_ bytes: Data) { self.bytes += bytes }
}
