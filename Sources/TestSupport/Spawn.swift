// Spawn: runs a program and waits for it with posix_spawn and waitpid — no pipes, no run loop.
import Foundation

/// Runs helper programs for tests. Output goes to a temporary file rather than a pipe, so a
/// child that leaves a daemon behind (tmux starting its server) cannot hold the read end open,
/// and waiting is a plain `waitpid`.
public enum Spawn {
    /// Runs `path arguments…`; returns its exit status and everything it wrote (stdout and stderr).
    public static func run(_ path: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else is inherited: a long-lived child (xterm, a tmux server) holding another test's
        // pipe or Foundation.Process's exit socket would keep that test waiting until the child ends.
        closeInheritedDescriptors(&actions)
        // The test runner's threads block signals; a child must start with none blocked and default
        // handlers, or it could never be stopped (term-shot's `kill` of xterm would wait forever).
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw SpawnError(description: "cannot start \(path): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 {
            guard errno == EINTR else { throw SpawnError(description: "waiting for \(path) failed: errno \(errno)") }
        }
        let output = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
        let exited = status & 0x7F == 0
        return (exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), output)
    }
}

extension Spawn {
    private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32

    /// Adds "close every descriptor from 3 up" to `actions` (glibc ≥ 2.34's
    /// `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not import).
    public static func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return }  // nil: RTLD_DEFAULT
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, 3)
    }
}

/// Why a program could not be run.
public struct SpawnError: Error, CustomStringConvertible {
    public let description: String
}
