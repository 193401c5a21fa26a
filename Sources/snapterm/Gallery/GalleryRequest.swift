// GalleryRequest: what `snapterm [URL|PATH…] [--list FILE]` opens first — a folder, or a fixed list of pictures.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SchemeLoader
import SnaptermUI

/// The gallery the UI opens first, and what the loader may read for it: the files and folders the
/// user named are readable wherever they are.
struct GalleryRequest {
    /// The gallery's pictures.
    let pictures: any GalleryPictures
    /// Files named as paths (operands or list lines).
    let namedFiles: [URL]
    /// Folders whose pictures are shown.
    let namedFolders: [URL]

    /// One folder, listed again on every visit (`snapterm DIR`, `--photos DIR`).
    init(folder: PictureFolder) {
        pictures = folder
        namedFiles = []
        namedFolders = [folder.url]
    }

    private init(pictures: PictureList, namedFiles: [URL], namedFolders: [URL]) {
        self.pictures = pictures
        self.namedFiles = namedFiles
        self.namedFolders = namedFolders
    }

    /// The gallery of `operands` (as typed; relative to `currentDirectory`) followed by the lines of
    /// `list` (named `listName`). A single folder operand and no list is the folder gallery, as
    /// `snapterm DIR` always was; otherwise each folder adds its pictures (listed once, by name),
    /// each file and URL is one picture. An operand that is missing, not a file or a folder, or a URL
    /// the loader cannot read throws (`UIError`), as does a gallery with no pictures at all. A list line naming a missing file keeps
    /// its place (its cell says why); one naming a folder that cannot be listed is a bad line,
    /// returned (the list's own bad lines are its `problems`) — the rest still opens.
    static func resolve(operands: [String], list: URLList?, listName: String? = nil,
                        currentDirectory: String = FileManager.default.currentDirectoryPath)
        throws(UIError) -> (request: GalleryRequest?, problems: [URLListError]) {
        // Paths from the operands' own bytes (a name need not be UTF-8), kept byte for byte in their URLs.
        let sources = zip(operands, CommandLineArguments.bytes(of: operands)).map {
            CommandLineSource.parse($0, bytes: $1, currentDirectory: currentDirectory)
        }
        if list == nil, sources.count == 1, case .path(let url) = sources[0], kind(of: url) != S_IFREG {
            return (GalleryRequest(folder: try PictureFolder(path: RawPath(fileURL: url) ?? RawPath(url.path))), [])
        }
        guard list != nil || !sources.isEmpty else { return (nil, []) }
        var builder = Builder()
        for (text, source) in zip(operands, sources) {
            switch source {
            case .standardInput: throw .notAPicture(path: text, reason: "standard input is read as a list only: --list -")
            case .url(let url):
                if let problem = URLList.problem(with: url, text: text) { throw .notAPicture(path: text, reason: "\(problem)") }
                builder.entries.append(GalleryEntry(url: url))
            case .path(let url):
                switch kind(of: url) {
                case S_IFDIR: try builder.add(folder: url)
                case S_IFREG: builder.add(file: url)
                case nil: throw .notAPicture(path: text, reason: String(cString: strerror(ENOENT)))
                default: throw .notAPicture(path: text, reason: "not a file or a folder")
                }
            }
        }
        var problems: [URLListError] = []
        for line in list?.lines ?? [] {
            switch line.source {
            case .path(let url) where kind(of: url) == S_IFDIR:
                do {
                    try builder.add(folder: url)
                } catch {
                    problems.append(.badLine(list: listName ?? "-", number: line.number, reason: .folderUnlisted("\(error)")))
                }
            case .path(let url): builder.add(file: url)
            case .url(let url): builder.entries.append(GalleryEntry(url: url))
            case .standardInput: continue  // refused by the parser
            }
        }
        let name = operands.isEmpty ? listTitle(listName) : "Pictures"
        guard !builder.entries.isEmpty else { throw .noPictures(name: operands.isEmpty ? listTitle(listName) : operands.joined(separator: " ")) }
        let pictures = PictureList(name: name, entries: builder.entries)
        return (GalleryRequest(pictures: pictures, namedFiles: builder.files, namedFolders: builder.folders), problems)
    }

    /// The gallery's title for a list: the list file's name.
    private static func listTitle(_ listName: String?) -> String {
        guard let listName, listName != "-" else { return "standard input" }
        return (listName as NSString).lastPathComponent
    }

    /// The file type (`S_IFDIR`, `S_IFREG`, …) at the `file://` URL `url` (its path's bytes), links
    /// followed; `nil` when nothing is there.
    private static func kind(of url: URL) -> mode_t? {
        guard let path = RawPath(fileURL: url) else { return nil }
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The pictures as they are gathered, with the files and folders named.
    private struct Builder {
        var entries: [GalleryEntry] = []
        var files: [URL] = []
        var folders: [URL] = []

        mutating func add(file url: URL) {
            entries.append(GalleryEntry(url: url))
            files.append(url)
        }

        mutating func add(folder url: URL) throws(UIError) {
            let folder = try PictureFolder(path: RawPath(fileURL: url) ?? RawPath(url.path))
            entries += try folder.pictures()
            folders.append(folder.url)
        }
    }
}
