// FakeOuterTerminal: a stand-in for the terminal outside tmux — a tmux client attached on a pseudo-terminal whose
// other end answers like kitty (graphics query, XTVERSION) and records everything tmux sends it.
import Foundation

/// Attaches a tmux client to `socket` on a pseudo-terminal of `columns × rows` and plays the outer
/// terminal: it answers kitty graphics queries (`a=q`) with OK when `answersKittyQuery`, answers
/// XTVERSION (`CSI > q`) with `version` (e.g. `kitty(0.35.0)`), and keeps every byte tmux wrote to it —
/// so a test sees what really reached "the terminal": unwrapped passthrough commands and redrawn text.
public final class FakeOuterTerminal: @unchecked Sendable {
    private let master: Int32
    private let pid: pid_t
    private let lock = NSLock()
    private var bytes = Data()
    private var running = true
    private let readLoopEnded = DispatchSemaphore(value: 0)
    private let answersKittyQuery: Bool
    private let version: String?

    /// Starts `tmux -L socket attach` on a new pseudo-terminal.
    public init(socket: String, columns: Int, rows: Int, version: String?, answersKittyQuery: Bool = true) throws {
        self.answersKittyQuery = answersKittyQuery
        self.version = version
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0, number: UInt32 = 0
        // Linux: TIOCSPTLCK unlocks the other end, TIOCGPTN names it (/dev/pts/N).
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
            if master >= 0 { close(master) }
            throw SpawnError(description: "no pseudo-terminal: errno \(errno)")
        }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: UInt16(columns * 9), ws_ypixel: UInt16(rows * 18))
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        Spawn.closeInheritedDescriptors(&actions)  // inherits no other test's descriptors
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | 0x80))  // 0x80: POSIX_SPAWN_SETSID (glibc)
        let environment = ["TERM=xterm-kitty", "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=\(NSTemporaryDirectory())"]
        let words: [String] = ["/usr/bin/tmux", "-L", socket, "attach"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, "/usr/bin/tmux", &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            close(master)
            throw SpawnError(description: "cannot attach tmux: error \(spawned)")
        }
        pid = child
        Thread.detachNewThread { [self] in readLoop() }
    }

    deinit { stop() }

    /// Everything tmux has written to this terminal so far.
    public var received: Data {
        lock.lock(); defer { lock.unlock() }
        return bytes
    }

    /// Detaches: ends the client (the session goes on) and stops reading.
    public func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        guard wasRunning else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        _ = waitpid(pid, &status, 0)
        // Closed only once the read loop has stopped using it: a descriptor number closed under a
        // reader is soon another file's, which the loop would then read and write.
        readLoopEnded.wait()
        close(master)
    }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }

    private func readLoop() {
        defer { readLoopEnded.signal() }
        var pending = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while isRunning {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { if count < 0 && errno == EINTR { continue }; break }
            let chunk = Data(buffer[0..<count])
            lock.lock(); bytes += chunk; lock.unlock()
            pending += chunk
            answer(&pending)
        }
    }

    /// Answers the queries complete in `pending` and keeps only an unfinished tail.
    private func answer(_ pending: inout Data) {
        let text = String(decoding: pending, as: UTF8.self)
        var replies = ""
        if answersKittyQuery {
            var searchFrom = text.startIndex
            while let start = text.range(of: "\u{1B}_G", range: searchFrom..<text.endIndex),
                  let end = text.range(of: "\u{1B}\\", range: start.upperBound..<text.endIndex) {
                let keys = text[start.upperBound..<end.lowerBound].prefix { $0 != ";" }
                if keys.split(separator: ",").contains("a=q"),
                   let id = keys.split(separator: ",").first(where: { $0.hasPrefix("i=") }) {
                    replies += "\u{1B}_G\(id);OK\u{1B}\\"
                }
                searchFrom = end.upperBound
            }
        }
        if let version, text.contains("\u{1B}[>q") || text.contains("\u{1B}[>0q") {
            replies += "\u{1B}P>|\(version)\u{1B}\\"
        }
        if !replies.isEmpty { _ = replies.utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) } }
        // Keep an unfinished escape string for the next read; drop what was handled.
        if let lastStart = text.range(of: "\u{1B}_G", options: .backwards), text.range(of: "\u{1B}\\", range: lastStart.upperBound..<text.endIndex) == nil {
            pending = Data(text[lastStart.lowerBound...].utf8)
        } else {
            pending = Data()
        }
    }
}
