// DeviceTerminal: the real controlling terminal (/dev/tty) in raw mode for queries; restored on close and on signals.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `/dev/tty` opened for capability queries: raw mode (no echo, no line buffering, no signal keys: a
/// reply's bytes are never read as Ctrl-C) while open, the saved settings restored by `close()`, on deinit, and by
/// `TerminalModeGuard` when a signal ends or stops the process meanwhile.
/// Not Sendable: it owns a file descriptor and terminal state; use it from one task.
public final class DeviceTerminal: TerminalHandling {
    private var descriptor: Int32
    private var saved: termios
    private var token: TerminalModeGuard.Token?

    /// Opens `path` (the controlling terminal by default) and switches it to raw mode; a signal that ends the
    /// process meanwhile writes `farewell` to standard output (e.g. showing the cursor again) before the settings go back.
    public init(path: String = "/dev/tty", farewell: [UInt8] = []) throws {
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
        // Guarded before the mode changes: a signal at any moment from here on gives the terminal back.
        token = TerminalModeGuard.protect(descriptor: fd, saved: settings, active: raw, farewell: farewell)
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else {
            let reason = Self.errorText()
            token.map(TerminalModeGuard.release)
            token = nil
            descriptor = -1  // deinit must not close it twice
            Glibc.close(fd)
            throw TerminalGraphicsError.terminalUnavailable(reason: "cannot set raw mode on \(path): \(reason)")
        }
    }

    deinit { close() }

    /// Restores the saved terminal settings and closes the descriptor (idempotent). Input not read is
    /// kept: replies were read by their grammar, and what is left is what the user typed ahead.
    public func close() {
        guard descriptor >= 0 else { return }
        tcsetattr(descriptor, TCSANOW, &saved)
        token.map(TerminalModeGuard.release)
        token = nil
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// Throws away input received but not read (`tcflush`): the end of a flood that is no reply.
    public func discardInput() {
        guard descriptor >= 0 else { return }
        tcflush(descriptor, TCIFLUSH)
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

    /// The most bytes one `read` takes: real replies are tens of bytes; a terminal (or something
    /// pretending to be one) that keeps sending is not read further (detection discards the rest).
    public static let maxReplyBytes = DeviceReplies.byteBudget + 1

    /// Polls for input until `isComplete`, the timeout, or `maxReplyBytes`.
    public func read(timeout: Duration, until isComplete: ([UInt8]) -> Bool) -> [UInt8] {
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: Self.maxReplyBytes)
        while received.count < Self.maxReplyBytes, !isComplete(received) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let wanted = Self.maxReplyBytes - received.count
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, wanted) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received
    }

    /// `TIOCGWINSZ`: cells and, where the terminal fills them in, pixels.
    public func windowSize() -> WindowSize? { Self.windowSize(of: descriptor) }

    /// `TIOCGWINSZ` of the terminal open as `descriptor` — asks nothing, writes nothing.
    public static func windowSize(of descriptor: Int32) -> WindowSize? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row),
                          pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}
