// GalleryEntry: one picture of a gallery — the name under its thumbnail, its size when known, its URL.
import Foundation
import SchemeLoader

/// One picture of a gallery: a file listed in a folder, or any URL the loader reads.
public struct GalleryEntry: Sendable, Equatable {
    /// The name shown under the picture (a file name, or a URL's last path segment, percent-decoded;
    /// shown through `SafeText`, as it may hold anything).
    public let name: String
    /// The size in bytes, when known without loading (a listed file).
    public let size: Int64?
    private let source: Source

    private enum Source: Sendable, Equatable {
        case file(FolderEntry)
        case url(URL)
    }

    /// A picture listed in a folder (its URL is made only when asked: a listing of thousands makes none).
    public init(_ file: FolderEntry) {
        name = file.name
        size = file.size
        source = .file(file)
    }

    /// A picture at `url`, named after it (`displayName(of:)`).
    public init(url: URL) {
        name = Self.displayName(of: url)
        size = nil
        source = .url(url)
    }

    /// The URL the loader is asked for.
    public var url: URL {
        switch source {
        case .file(let file): file.url
        case .url(let url): url
        }
    }

    /// The name of a picture at `url`: its last path segment, percent-decoded (kept encoded when the
    /// bytes are not UTF-8; for a `file://` URL each such byte is shown as `\xFF`, as in a folder's
    /// listing); a URL without one (`http://host/`, `map://?lat=…`) is named by its host, else by its whole text.
    public static func displayName(of url: URL) -> String {
        if let file = RawPath(fileURL: url), !file.lastComponent.isEmpty { return RawPath.display(file.lastComponent) }
        let path = url.path(percentEncoded: true)
        if let segment = path.split(separator: "/").last {
            return String(segment).removingPercentEncoding ?? String(segment)
        }
        if let host = url.host(percentEncoded: false), !host.isEmpty { return host }
        return URLCanonicalizer.redacted(url)
    }
}
