// OutputFile: writes a command's result into the file the user named (`-o FILE`), as `cat > FILE` would.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SchemeLoader

/// The file named by `fetch -o` or `render --output`, written in place: a symbolic link is written
/// through, a hard link stays one file, an existing file keeps its owner and mode, and a character
/// device (`/dev/null`, a terminal) or a pipe is written to — never replaced by a new file, as a
/// temporary file renamed over the name would. Anything else (a directory, socket or block device)
/// is refused. Opening never waits: a FIFO nobody reads is an error, not a hang.
enum OutputFile {
    /// Writes `data` into `path`, creating it (mode 0666 less the umask) when missing.
    static func write(_ data: Data, to path: String) throws(EnvironmentError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw openError(errno, path: path) }
        do throws(EnvironmentError) {
            try fill(descriptor, with: data, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        // A network file system may report a failed write only here.
        guard close(descriptor) == 0 else { throw .outputUnwritable(path: path, reason: lastError()) }
    }

    private static func fill(_ descriptor: Int32, with data: Data, path: String) throws(EnvironmentError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .outputUnwritable(path: path, reason: lastError()) }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard ftruncate(descriptor, 0) == 0 else { throw .outputUnwritable(path: path, reason: lastError()) }
        case S_IFCHR, S_IFIFO:
            break
        default:
            throw .outputNotWritable(path: path, kind: RegularFile.kindIfNotRegular(info.st_mode) ?? "not a file")
        }
        // Blocking from here on: a pipe whose reader is slower than us is waited for, as by `cat`.
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
            throw .outputUnwritable(path: path, reason: lastError())
        }
        guard FileDescriptorWrite.all(data, to: descriptor) else { throw .outputUnwritable(path: path, reason: lastError()) }
    }

    private static func openError(_ code: Int32, path: String) -> EnvironmentError {
        switch code {
        case EISDIR: .outputNotWritable(path: path, kind: "a directory")
        case ENXIO: .outputNotWritable(path: path, kind: isFIFO(path) ? "a FIFO that nobody reads" : "a socket")
        default: .outputUnwritable(path: path, reason: String(cString: strerror(code)))
        }
    }

    private static func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
