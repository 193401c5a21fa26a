// CacheFolder: a disk cache's folder made ready, or the reason it cannot be — then the commands run
// on memory caches alone and say so once.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SchemeLoader

/// Prepares the folders the disk caches live in.
enum CacheFolder {
    /// `folder`, created (with its parents) when missing, when a disk cache can live in it: a
    /// writable folder. Otherwise `nil`, and `warn` gets one sentence naming the folder and the cause
    /// — once per process and cache root, however many caches share it.
    static func prepare(_ folder: URL, warn: (String) -> Void = Console.info) -> URL? {
        guard let (path, code) = problem(with: folder.path) else { return folder }
        let root = folder.deletingLastPathComponent().path
        if warned.withLock({ $0.insert(root).inserted }) {
            warn("snapterm: the cache folder \(root) cannot be used (\(path): \(String(cString: strerror(code)))), "
                 + "so nothing is cached on disk this time")
        }
        return nil
    }

    private static let warned = Locked<Set<String>>([])

    /// The folder (or the ancestor that failed) and the error number, or `nil` when `path` is a writable folder.
    private static func problem(with path: String) -> (String, Int32)? {
        var made = ""
        for component in path.split(separator: "/") {
            made += "/" + component
            // 0700, as the XDG base directory specification asks of the folders it makes
            if mkdir(made, 0o700) != 0, errno != EEXIST { return (made, errno) }
        }
        var info = stat()
        guard stat(path, &info) == 0 else { return (path, errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { return (path, ENOTDIR) }
        guard access(path, W_OK | X_OK) == 0 else { return (path, errno) }
        makePrivate(path)
        makePrivate((path as NSString).deletingLastPathComponent)
        return nil
    }

    /// `path` (the cache folder, or Snapterm's cache root above it) made private to its owner when this user
    /// owns it: a folder an older Snapterm made 0755 let other users of the machine read what was looked at.
    private static func makePrivate(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid(),
              info.st_mode & 0o077 != 0 else { return }
        chmod(path, info.st_mode & 0o700)
    }
}
