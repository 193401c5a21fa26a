// AccountStore: the Matrix sessions on disk — `$XDG_DATA_HOME/snapterm/accounts.json` (default
// `~/.local/share/snapterm/`), the file 0600 in a 0700 folder, replaced atomically (a temporary file in the
// same folder, then rename), so a crash never leaves half a file nor a token readable by others.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads and writes the accounts file.
public struct AccountStore: Sendable {
    /// The file's name in its folder.
    public static let fileName = "accounts.json"

    /// The folder the file lives in.
    public let folder: URL

    /// The file.
    public var file: URL { folder.appendingPathComponent(Self.fileName) }

    /// A store in `folder` (made on the first save).
    public init(folder: URL) {
        self.folder = folder
    }

    /// Snapterm's data folder: `$XDG_DATA_HOME/snapterm` when that is absolute, else
    /// `$HOME/.local/share/snapterm`, else the account's home's; `nil` when no home is known.
    public static func defaultFolder(environment: [String: String], accountHome: @autoclosure () -> String? = nil) -> URL? {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return URL(fileURLWithPath: data).appendingPathComponent("snapterm")
        }
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? accountHome().flatMap { $0.hasPrefix("/") && $0 != "/" ? $0 : nil }
        guard let home else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/snapterm")
    }

    private struct Document: Codable {
        var version = 1
        var accounts: [MatrixSession]
    }

    /// Every stored session, oldest login first; none when the file does not exist.
    public func load() throws(MatrixError) -> [MatrixSession] {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return []
        } catch {
            throw .accountsFile(path: file.path, reason: "it cannot be read")
        }
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else {
            throw .accountsFile(path: file.path, reason: "it is not an accounts file of this Snapterm")
        }
        return document.accounts
    }

    /// Adds `session`, replacing a stored one of the same user on the same homeserver.
    public func add(_ session: MatrixSession) throws(MatrixError) {
        var sessions = try load().filter { !($0.userID == session.userID && $0.homeserver == session.homeserver) }
        sessions.append(session)
        try save(sessions)
    }

    /// Removes `session` (same user, homeserver and device).
    public func remove(_ session: MatrixSession) throws(MatrixError) {
        let sessions = try load()
        let kept = sessions.filter { $0 != session }
        if kept.count != sessions.count { try save(kept) }
    }

    /// Writes `sessions` as the whole file: folder 0700, a temporary file 0600 written and synced, renamed over.
    public func save(_ sessions: [MatrixSession]) throws(MatrixError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do { data = try encoder.encode(Document(accounts: sessions)) } catch {
            throw .accountsFile(path: file.path, reason: "it could not be encoded")
        }
        try makeFolder()
        let temporary = folder.appendingPathComponent(".\(Self.fileName).\(getpid()).\(UInt32.random(in: .min ... .max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("a temporary file cannot be made") }
        var written = 0
        let complete = data.withUnsafeBytes { bytes -> Bool in
            while written < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 { if errno == EINTR { continue }; return false }
                written += count
            }
            return fchmod(descriptor, 0o600) == 0 && fsync(descriptor) == 0
        }
        close(descriptor)
        guard complete, rename(temporary.path, file.path) == 0 else {
            let error = failure("it cannot be written")
            unlink(temporary.path)
            throw error
        }
    }

    /// The folder with its parents; the folder itself (which holds secrets) 0700.
    private func makeFolder() throws(MatrixError) {
        var made = ""
        for component in folder.path.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) != 0, errno != EEXIST { throw failure("its folder \(made) cannot be made") }
        }
        var info = stat()
        guard lstat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw failure("its folder is not a folder") }
        if info.st_mode & 0o077 != 0, chmod(folder.path, 0o700) != 0 { throw failure("its folder cannot be made private") }
    }

    private func failure(_ what: String) -> MatrixError {
        .accountsFile(path: file.path, reason: "\(what): \(String(cString: strerror(errno)))")
    }
}
