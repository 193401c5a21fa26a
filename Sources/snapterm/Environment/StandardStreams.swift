// StandardStreams: standard input, output and error as the process got them — closed ones made
// harmless at start, standard input (or any stream) read to its end whatever kind of file it is.
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
        do {
            return try readToEnd(STDIN_FILENO, limit: limit)
        } catch {
            switch error {
            case .directory: throw .standardInputIsDirectory
            case .tooLarge: throw .standardInputTooLarge(limit: limit)
            case .failed(let reason): throw .standardInputUnreadable(reason: reason)
            }
        }
    }

    /// Why a stream could not be read to its end.
    enum ReadFailure: Error, Equatable {
        /// It is a directory.
        case directory
        /// It holds more than the limit.
        case tooLarge
        /// `read` or `poll` failed; the reason is the system's.
        case failed(String)
    }

    /// Everything `descriptor` holds up to its end, at most `limit` bytes, whatever kind of file it is:
    /// non-blocking input is waited for with `poll` whenever it has nothing yet.
    static func readToEnd(_ descriptor: Int32, limit: Int) throws(ReadFailure) -> Data {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .failed(lastError()) }
        guard info.st_mode & S_IFMT != S_IFDIR else { throw .directory }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 256 << 10)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            if count > 0 {
                data.append(contentsOf: chunk[0..<count])
                guard data.count <= limit else { throw .tooLarge }
            } else if count == 0 {
                return data
            } else {
                switch errno {
                case EINTR: continue
                case EAGAIN, EWOULDBLOCK: try waitForInput(descriptor)
                case EISDIR: throw .directory
                default: throw .failed(lastError())
                }
            }
        }
    }

    /// Waits until non-blocking `descriptor` can be read (or has ended).
    private static func waitForInput(_ descriptor: Int32) throws(ReadFailure) {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&request, 1, -1) < 0 {
            guard errno == EINTR else { throw .failed(lastError()) }
        }
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
