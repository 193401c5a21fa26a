// PictureFolder: the pictures in a folder the user named — names and sizes only, nothing decoded.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Imaging
import SchemeLoader

/// One picture file of a folder: its name, its size and its `file://` URL. The name is kept as the
/// bytes `readdir` gave (a name need not be UTF-8): `a\xff.jpg` and `a\u{FFFD}.jpg` are two files.
public struct FolderEntry: Sendable, Equatable {
    /// The file's path, byte for byte.
    public let path: RawPath
    /// The size in bytes when listed.
    public let size: Int64

    /// The file name for people (no folder): bytes that are not UTF-8 shown as `\xFF`.
    public var name: String { RawPath.display(path.lastComponent) }

    /// The file's `file://` URL, naming exactly its bytes (made when asked: a listing of thousands makes none).
    public var url: URL { path.fileURL }
}

/// A folder of pictures: files named like one of `ImageFormat`'s (JPEG, PNG, GIF, WebP, HEIC, AVIF, JPEG XL,
/// TIFF, BMP — read by content later), regular files only — a FIFO,
/// socket, device or folder with a picture's name is not listed (links are followed). Listing reads
/// the folder and one `stat` per candidate; no file is opened, so thousands list in milliseconds.
public struct PictureFolder: Sendable {
    /// The picture extensions listed (lower case).
    public static let extensions = ImageFormat.pictureFileExtensions
    /// The folder, absolute and standardized, byte for byte.
    public let path: RawPath

    /// The folder's `file://` URL.
    public var url: URL { path.fileURL }

    /// A folder at `path`; throws `UIError.notAFolder` when it is missing or not a folder, and
    /// `UIError.folderUnreadable` when this user may not list it.
    public init(path: String) throws(UIError) {
        try self.init(path: RawPath(path))
    }

    /// A folder at the byte path `raw` (relative to the current folder unless absolute).
    public init(path raw: RawPath) throws(UIError) {
        let shown = raw.description
        var info = stat()
        guard raw.withCString({ stat($0, &info) }) == 0 else { throw .notAFolder(path: shown, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: shown, reason: "not a folder") }
        guard raw.withCString({ access($0, R_OK | X_OK) }) == 0 else {
            throw .folderUnreadable(path: shown, reason: String(cString: strerror(errno)))
        }
        let absolute = raw.bytes.first == UInt8(ascii: "/") ? raw : RawPath(FileManager.default.currentDirectoryPath).appending(raw.bytes)
        path = absolute.standardized
    }

    /// The folder's name, for titles.
    public var name: String { path.lastComponent.isEmpty ? path.description : RawPath.display(path.lastComponent) }

    /// The pictures now in the folder, sorted by name (case-insensitive, numbers by value: `2.jpg`
    /// before `10.jpg`). Hidden files (a leading dot) are left out. Throws `UIError.folderUnreadable`.
    public func entries() throws(UIError) -> [FolderEntry] {
        guard let directory = path.withCString({ opendir($0) }) else {
            throw .folderUnreadable(path: path.description, reason: String(cString: strerror(errno)))
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var found: [(key: [UInt64], entry: FolderEntry)] = []
        while let item = readdir(directory) {
            // The name's bytes as they are: a String would turn a byte that is not UTF-8 into U+FFFD.
            let name = withUnsafeBytes(of: item.pointee.d_name) { raw in Array(raw.prefix { $0 != 0 }) }
            let file = RawPath(bytes: name)
            guard name.first != UInt8(ascii: "."), Self.extensions.contains(file.pathExtension) else { continue }
            var info = stat()
            guard file.withCString({ fstatat(descriptor, $0, &info, 0) }) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let entry = FolderEntry(path: path.appending(name), size: Int64(info.st_size))
            found.append((Self.sortKey(entry.name), entry))
        }
        found.sort { $0.key.lexicographicallyPrecedes($1.key)
            || ($0.key == $1.key && $0.entry.path.bytes.lexicographicallyPrecedes($1.entry.path.bytes)) }
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
