// TerminalPair: a fresh pseudo-terminal, both ends open — the test plays the terminal on `master`.
import Foundation

/// A pseudo-terminal pair: `master` is the terminal's side (what a program writes arrives there;
/// what is written there is the program's input), `slave` the program's side at `path`, opened
/// without making it anyone's controlling terminal. Closed by `close()`.
public struct TerminalPair: Sendable {
    /// The terminal's side.
    public let master: Int32
    /// The program's side, open in this process.
    public let slave: Int32
    /// The program side's path (`/dev/pts/N`).
    public let path: String

    /// Opens a pair of `columns × rows` cells of `cellPixels` each (0×0: the size in pixels is unknown).
    public init(columns: Int = 80, rows: Int = 24, cellPixels: (width: Int, height: Int) = (0, 0)) throws {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        // Linux: TIOCSPTLCK unlocks the other end, TIOCGPTN names it (posix_openpt and ptsname do not import).
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            if master >= 0 { Glibc.close(master) }
            throw SpawnError(description: "no pseudo-terminal: errno \(errno)")
        }
        let path = "/dev/pts/\(number)"
        let slave = open(path, O_RDWR | O_NOCTTY)
        guard slave >= 0 else {
            Glibc.close(master)
            throw SpawnError(description: "cannot open \(path): errno \(errno)")
        }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cellPixels.width),
                           ws_ypixel: UInt16(rows * cellPixels.height))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        // Non-blocking: a test playing a terminal nobody reads must not hang in a write.
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        self.slave = slave
        self.path = path
    }

    /// Gives the terminal a new size of `columns × rows` cells of `cellPixels` (the kernel sends SIGWINCH to the
    /// program in front), as a window resize does.
    public func resize(columns: Int, rows: Int, cellPixels: (width: Int, height: Int) = (0, 0)) {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * cellPixels.width),
                           ws_ypixel: UInt16(rows * cellPixels.height))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Writes all of `bytes` to the terminal's side within `timeout` (input for the program); false
    /// when nobody read it in time (a full input queue).
    @discardableResult
    public func send(_ bytes: [UInt8], timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while offset < bytes.count {
            var poller = pollfd(fd: master, events: Int16(POLLOUT), revents: 0)
            guard ContinuousClock.now < deadline else { return false }
            guard poll(&poller, 1, 50) > 0 else { continue }
            let chunk = min(4096, bytes.count - offset)
            let written = bytes[offset..<(offset + chunk)].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR || errno == EAGAIN { continue }; return false }
            offset += written
        }
        return true
    }

    /// Reads what the program wrote to the terminal until it contains `text` (a query); false after `timeout`.
    public func waitForOutput(containing text: String, timeout: Duration = .seconds(10)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        var seen = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while seen.range(of: Data(text.utf8)) == nil {
            guard ContinuousClock.now < deadline else { return false }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            if count > 0 { seen += buffer[0..<count] }
        }
        return true
    }

    /// The program side's modes now (`tcgetattr`).
    public func modes() -> termios {
        var settings = termios()
        tcgetattr(slave, &settings)
        return settings
    }

    /// What the next program to read the terminal would get: the input nobody has read, taken now
    /// (read in non-canonical mode, so a partial line counts too; the modes are put back after).
    public func takeUnreadInput() -> [UInt8] {
        var saved = modes()
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(slave, TCSANOW, &raw)
        defer { tcsetattr(slave, TCSANOW, &saved) }
        var taken: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(slave, &buffer, buffer.count)
            guard count > 0 else { break }
            taken += buffer[0..<count]
        }
        return taken
    }

    /// Closes both ends.
    public func close() {
        Glibc.close(master)
        Glibc.close(slave)
    }
}
