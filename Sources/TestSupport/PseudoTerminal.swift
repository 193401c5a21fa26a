// PseudoTerminal: a program run with a pseudo-terminal the test owns as its controlling terminal — the test is
// "the terminal": it reads every byte the program wrote, answers its queries or stays silent, signals it, and
// reads the terminal's modes and its unread input afterwards.
import Foundation

/// Starts `path arguments…` in a new session whose controlling terminal is a fresh pseudo-terminal
/// (standard input and output on it, standard error to `errorFile` when given). A thread keeps every
/// byte the program writes to the terminal and, with a `responder`, answers what it asks. The test keeps
/// the terminal's program side open too, so its modes (`pair.modes()`) and unread input
/// (`pair.takeUnreadInput()`) can be read after the program ends.
public final class PseudoTerminal: @unchecked Sendable {
    // @unchecked: `bytes`, `running` and `quietPolls` are only touched under `lock`; `exitStatus` only by the
    // test's task; the descriptors never change.
    /// The program's process id.
    public let pid: pid_t
    /// The pseudo-terminal: the test's side and the program's.
    public let pair: TerminalPair
    private let lock = NSLock()
    private var bytes = Data()
    private var running = true
    private var exitStatus: Int32?
    private var quietPolls = 0
    private let readLoopEnded = DispatchSemaphore(value: 0)

    /// Plays the terminal's side of a conversation, on the reading thread as output arrives: given the
    /// output not yet answered (kept between calls, so a query split over two reads is whole), the
    /// program's id and the terminal (to answer later), returns the reply to type back now and drops
    /// what it handled.
    public typealias Responder = @Sendable (_ unanswered: inout Data, _ program: pid_t, _ terminal: TerminalPair) -> [UInt8]

    /// Starts the program on a `columns × rows` terminal with exactly `environment`.
    public init(_ path: String, _ arguments: [String], environment: [String: String], columns: Int = 80, rows: Int = 24,
                cellPixels: (width: Int, height: Int) = (0, 0), errorFile: URL? = nil, responder: Responder? = nil) throws {
        pair = try TerminalPair(columns: columns, rows: rows, cellPixels: cellPixels)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (POSIX_SPAWN_SETSID) without O_NOCTTY: it becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, pair.path, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        if let errorFile {
            posix_spawn_file_actions_addopen(&actions, 2, errorFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        }
        Spawn.closeInheritedDescriptors(&actions)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), allSignals = sigset_t()
        sigemptyset(&noSignals)
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | 0x80))  // 0x80: POSIX_SPAWN_SETSID
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            pair.close()
            throw SpawnError(description: "cannot start \(path): error \(spawned)")
        }
        pid = child
        Thread.detachNewThread { [self] in readLoop(responder) }
    }

    deinit {
        stop(with: SIGKILL)
        pair.close()
    }

    /// Ends the program with `signal` if it still runs, and stops reading (idempotent).
    public func stop(with signal: Int32 = SIGTERM) {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        guard wasRunning else { return }
        if exitStatus == nil, waitpid(pid, nil, WNOHANG) == 0 {
            kill(pid, signal)
            _ = waitpid(pid, nil, 0)
        }
        // The descriptors stay open until the read loop has stopped using them.
        readLoopEnded.wait()
    }

    /// Everything the program wrote to the terminal so far.
    public var received: Data {
        lock.lock(); defer { lock.unlock() }
        return bytes
    }

    /// Types `bytes` into the terminal (what a terminal's reply or a key press looks like to the program).
    public func send(_ bytes: [UInt8]) { pair.send(bytes) }

    /// Resizes the terminal, as a window resize does (the program hears SIGWINCH).
    public func resize(columns: Int, rows: Int, cellPixels: (width: Int, height: Int) = (8, 16)) {
        pair.resize(columns: columns, rows: rows, cellPixels: cellPixels)
    }

    /// Waits until the program has written `text` to the terminal; false after `timeout`.
    public func waitForOutput(containing text: String, timeout: Duration = .seconds(20)) async throws -> Bool {
        let wanted = Data(text.utf8)
        return try await waitForOutput(timeout: timeout) { $0.range(of: wanted) != nil }
    }

    /// Waits until what the program has written so far meets `condition`; false after `timeout`.
    public func waitForOutput(timeout: Duration = .seconds(20), _ condition: (Data) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(received) {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Waits for the program to end: its exit status, or 128 + the signal that ended it; `nil` after `timeout`.
    public func waitForExit(timeout: Duration = .seconds(20)) async throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while exitStatus == nil {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
                break
            }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(10))
        }
        // Everything it wrote is in `received` once the reader has seen the terminal quiet once more.
        let seen = quietPollCount
        while quietPollCount < seen + 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        return exitStatus
    }

    private var quietPollCount: Int { lock.lock(); defer { lock.unlock() }; return quietPolls }

    private var isRunning: Bool { lock.lock(); defer { lock.unlock() }; return running }

    private func readLoop(_ responder: Responder?) {
        defer { readLoopEnded.signal() }
        var unanswered = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while isRunning {
            var poller = pollfd(fd: pair.master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else {
                lock.lock(); quietPolls += 1; lock.unlock()
                continue
            }
            let count = read(pair.master, &buffer, buffer.count)
            guard count > 0 else { if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }; break }
            lock.lock(); bytes += buffer[0..<count]; lock.unlock()
            guard let responder else { continue }
            unanswered += buffer[0..<count]
            let reply = responder(&unanswered, pid, pair)
            if !reply.isEmpty { pair.send(reply) }
        }
    }
}
