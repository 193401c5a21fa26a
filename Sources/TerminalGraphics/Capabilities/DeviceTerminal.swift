// DeviceTerminal: the real controlling terminal (/dev/tty) in raw mode for queries; restored on close.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `/dev/tty` opened for capability queries: raw mode (no echo, no line buffering) while open,
/// the saved settings restored by `close()` (and on deinit).
/// Not Sendable: it owns a file descriptor and terminal state; use it from one task.
public final class DeviceTerminal: TerminalHandling {
    private var descriptor: Int32
    private var saved: termios

    /// Opens `path` (the controlling terminal by default) and switches it to raw mode.
    public init(path: String = "/dev/tty") throws {
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw TerminalGraphicsError.terminalUnavailable(reason: "cannot open \(path): \(Self.errorText())") }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else {
            let reason = Self.errorText()
            Glibc.close(fd)
            throw TerminalGraphicsError.terminalUnavailable(reason: "\(path) is not a terminal: \(reason)")
        }
        descriptor = fd
        saved = settings
        var raw = settings
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
            let reason = Self.errorText()
            Glibc.close(fd)
            throw TerminalGraphicsError.terminalUnavailable(reason: "cannot set raw mode on \(path): \(reason)")
        }
    }

    deinit { close() }

    /// Restores the saved terminal settings and closes the descriptor (idempotent).
    public func close() {
        guard descriptor >= 0 else { return }
        tcsetattr(descriptor, TCSAFLUSH, &saved)
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// Writes all of `bytes`, retrying after interruptions.
    public func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw TerminalGraphicsError.terminalUnavailable(reason: "write failed: \(Self.errorText())")
            }
            offset += written
        }
    }

    /// The most reply bytes read: real replies are tens of bytes; a terminal (or something
    /// pretending to be one) that keeps sending is not read further.
    public static let maxReplyBytes = 4096

    /// Polls for input until `isComplete`, the timeout, or `maxReplyBytes`.
    public func read(timeout: Duration, until isComplete: ([UInt8]) -> Bool) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while received.count < Self.maxReplyBytes, !isComplete(received) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// `TIOCGWINSZ`: cells and, where the terminal fills them in, pixels.
    public func windowSize() -> WindowSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row),
                          pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
