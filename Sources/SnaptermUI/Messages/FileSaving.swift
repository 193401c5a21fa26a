// FileSaving: a received file written into the user's download folder — under a name made safe (no path separators,
// no leading dots, no control or bidi characters: a name from someone else never leaves the folder or hides
// anything), through a private temporary file that is only then linked to its name, so an existing file is never
// replaced unless the user said so and a half-written file never carries the name.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SchemeLoader
import TerminalGraphics

/// Why a file could not be saved.
public enum FileSaveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No download folder is known (`XDG_DOWNLOAD_DIR` and `HOME` unset or relative).
    case noDownloadFolder
    /// A file of this name is there already (nothing was written).
    case exists(path: String)
    /// The folder or the file could not be written.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .noDownloadFolder: "no download folder: set XDG_DOWNLOAD_DIR or HOME to an absolute path"
        case .exists(let path): "\(path) exists already"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

/// Saving received files.
public enum FileSaving {
    /// `$XDG_DOWNLOAD_DIR` when absolute, else `$HOME/Downloads`; nil when neither is known.
    public static func downloadFolder(environment: [String: String]) -> URL? {
        if let folder = environment["XDG_DOWNLOAD_DIR"], folder.hasPrefix("/") { return URL(fileURLWithPath: folder) }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent("Downloads")
    }

    /// `name` as a plain file name: `/` and `\` and every control, bidi or other format character become `_`, leading
    /// dots and spaces go (no `..`, no hidden file), at most 200 bytes of UTF-8 (the extension kept); "download" when
    /// nothing is left.
    public static func safeName(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let unsafe = scalar == "/" || scalar == "\\" || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format || SafeText.isControl(scalar)
            scalars.append(unsafe ? "_" : scalar)
        }
        var safe = String(scalars).drop { $0 == "." || $0 == " " }.description
        if safe.utf8.count > 200 {
            let dot = safe.lastIndex(of: ".").map { String(safe[$0...]) } ?? ""
            let keep = dot.utf8.count < 20 ? dot : ""
            var stem = String(safe.dropLast(keep.count))
            while stem.utf8.count + keep.utf8.count > 200 { stem.removeLast() }
            safe = stem + keep
        }
        return safe.isEmpty ? "download" : safe
    }

    /// Writes `data` as `name` (made safe) into `folder` (created 0700 when missing); an existing file of that name is
    /// replaced only when `replacing`. Returns the file written.
    public static func save(_ data: Data, named name: String, in folder: URL, replacing: Bool) throws(FileSaveError) -> URL {
        let destination = folder.appendingPathComponent(safeName(name))
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: folder.path, reason: "cannot create the folder")
        }
        var template = Array(folder.appendingPathComponent(".snapterm-download-XXXXXX").path.utf8CString)
        let descriptor = mkstemp(&template)  // 0600, a name nobody else can have taken
        guard descriptor >= 0 else { throw .unwritable(path: folder.path, reason: lastError()) }
        let temporary = String(cString: template)
        defer { unlink(temporary) }
        let flushed = FileDescriptorWrite.all(data, to: descriptor) && fsync(descriptor) == 0
        let reason = lastError()
        guard close(descriptor) == 0, flushed else { throw .unwritable(path: destination.path, reason: reason) }
        if replacing {
            guard rename(temporary, destination.path) == 0 else { throw .unwritable(path: destination.path, reason: lastError()) }
        } else if link(temporary, destination.path) != 0 {  // fails rather than replace a file there
            throw errno == EEXIST ? .exists(path: destination.path) : .unwritable(path: destination.path, reason: lastError())
        }
        return destination
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}
