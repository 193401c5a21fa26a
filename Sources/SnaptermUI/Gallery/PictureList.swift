// PictureList: a fixed list of pictures for a gallery — the URLs and files named on the command line or in a list file.
import Foundation

/// Pictures given once (`snapterm URL|PATH…`, `snapterm --list FILE`): the gallery shows the same ones
/// on every visit; a file that went missing shows why in its cell.
public struct PictureList: GalleryPictures {
    public let name: String
    /// The pictures, in the order given.
    public let entries: [GalleryEntry]

    /// A gallery named `name` (its tab title) of `entries`.
    public init(name: String, entries: [GalleryEntry]) {
        self.name = name
        self.entries = entries
    }

    public var emptyMessage: String { "No pictures in \(name)." }

    public func pictures() -> [GalleryEntry] { entries }
}
