// PictureFolder: the pictures in a folder the user named — names and sizes only, nothing decoded.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// One picture file of a folder: its name, its size and its `file://` URL.
public struct FolderEntry: Sendable, Equatable {
    /// The file name (no folder).
    public let name: String
    /// The size in bytes when listed.
    public let size: Int64
    /// The folder it is in.
    public let folder: URL

    /// The file's `file://` URL (made when asked: a listing of thousands makes none).
    public var url: URL { folder.appendingPathComponent(name, isDirectory: false) }
}

/// A folder of pictures: JPEG, PNG, GIF and WebP files (by extension), regular files only — a FIFO,
/// socket, device or folder with a picture's name is not listed (links are followed). Listing reads
/// the folder and one `stat` per candidate; no file is opened, so thousands list in milliseconds.
public struct PictureFolder: Sendable {
    /// The picture extensions listed (lower case).
    public static let extensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp"]
    /// The folder.
    public let url: URL

    /// A folder at `path`; throws `UIError.notAFolder` when it is missing or not a folder, and
    /// `UIError.folderUnreadable` when this user may not list it.
    public init(path: String) throws(UIError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw .notAFolder(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path, reason: "not a folder") }
        guard access(path, R_OK | X_OK) == 0 else {
            throw .folderUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
    }

    /// The folder's name, for titles.
    public var name: String { url.lastPathComponent.isEmpty ? url.path : url.lastPathComponent }

    /// The pictures now in the folder, sorted by name (case-insensitive, numbers by value: `2.jpg`
    /// before `10.jpg`). Hidden files (a leading dot) are left out. Throws `UIError.folderUnreadable`.
    public func entries() throws(UIError) -> [FolderEntry] {
        guard let directory = opendir(url.path) else {
            throw .folderUnreadable(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var found: [(key: [UInt64], entry: FolderEntry)] = []
        while let item = readdir(directory) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in
                String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
            }
            guard !name.hasPrefix("."), let dot = name.lastIndex(of: "."),
                  Self.extensions.contains(name[name.index(after: dot)...].lowercased()) else { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, 0) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let entry = FolderEntry(name: name, size: Int64(info.st_size), folder: url)
            found.append((Self.sortKey(name), entry))
        }
        found.sort { $0.key.lexicographicallyPrecedes($1.key) || ($0.key == $1.key && $0.entry.name < $1.entry.name) }
        return found.map(\.entry)
    }

    /// A key that orders names case-insensitively with runs of digits by value: each digit run is
    /// one element (its value, below every other scalar), other scalars are their lower-cased values.
    static func sortKey(_ name: String) -> [UInt64] {
        let letters: UInt64 = 1 << 62
        var key: [UInt64] = []
        var number: UInt64?
        for scalar in name.unicodeScalars {
            if (0x30...0x39).contains(scalar.value) {
                number = min((number ?? 0) &* 10 &+ UInt64(scalar.value - 0x30), letters - 1)
                continue
            }
            if let value = number { key.append(value); number = nil }
            if scalar.isASCII {
                let value = scalar.value
                key.append(letters + UInt64((0x41...0x5A).contains(value) ? value + 0x20 : value))
            } else {
                let lower = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
                key.append(letters + UInt64(lower.value))
            }
        }
        if let value = number { key.append(value) }
        return key
    }
}
