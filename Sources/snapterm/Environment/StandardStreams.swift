// StandardStreams: standard input, output and error as the process got them — closed ones made
// harmless at start, standard input read to its end whatever kind of file it is.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The process's standard streams.
enum StandardStreams {
    /// The standard streams (0, 1, 2) that were closed when the process started. Each is then opened
    /// on `/dev/null`, so no file opened later (a cache entry, the message database) takes its number
    /// and receives the pictures meant for standard output, or is read as standard input.
    static let closedAtStart: Set<Int32> = {
        var closed: Set<Int32> = []
        for stream in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(stream, F_GETFD) == -1 && errno == EBADF {
            closed.insert(stream)
            let null = open("/dev/null", O_RDWR)
            if null >= 0, null != stream {
                dup2(null, stream)
                close(null)
            }
        }
        return closed
    }()

    /// Checks the streams; call first thing, before anything opens a file.
    static func secure() {
        _ = closedAtStart
    }

    /// Standard input read to its end, at most `limit` bytes. Non-blocking input (`O_NONBLOCK` set by
    /// whoever passed it) is waited for with `poll` whenever it has nothing yet; a closed input, a
    /// directory or a read error is an `EnvironmentError` naming it.
    static func readInput(limit: Int) throws(EnvironmentError) -> Data {
        if closedAtStart.contains(STDIN_FILENO) { throw .standardInputClosed }
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { throw .standardInputUnreadable(reason: lastError()) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .standardInputIsDirectory }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        while true {
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count > 0 {
                data.append(contentsOf: chunk[0..<count])
                guard data.count <= limit else { throw .standardInputTooLarge(limit: limit) }
            } else if count == 0 {
                return data
            } else {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: try waitForInput()
                case EISDIR: throw .standardInputIsDirectory
                default: throw .standardInputUnreadable(reason: lastError())
                }
            }
        }
    }

    /// Waits until non-blocking standard input can be read (or has ended).
    private static func waitForInput() throws(EnvironmentError) {
        var request = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while poll(&request, 1, -1) < 0 {
            guard errno == EINTR else { throw .standardInputUnreadable(reason: lastError()) }
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
