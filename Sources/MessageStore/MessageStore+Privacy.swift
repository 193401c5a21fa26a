// MessageStore+Privacy: the database is its owner's alone — made 0600 before SQLite first opens it.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

extension MessageStore {
    /// The database at `path` (and its `-wal` and `-shm` files) readable by its owner only: created empty
    /// with mode 0600 when missing (SQLite gives its journal files the database's mode), and made 0600 when
    /// an older Snapterm left it readable by others (what a person wrote is nobody else's on a shared machine).
    static func makePrivate(_ path: String, exists: Bool) {
        guard exists else {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 { close(descriptor) }
            return
        }
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
                  info.st_mode & 0o077 != 0 else { continue }
            chmod(file, info.st_mode & 0o600)
        }
    }
}
