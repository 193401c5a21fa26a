// GalleryPictures: what a gallery grid shows — a folder listed again on every visit, or a fixed list of URLs.
import Foundation

/// The pictures of a `GalleryScreen`. The screen asks for them when it opens and on every visit (the
/// tab shown again, back from a large picture): a folder lists itself again, so new and removed files
/// appear; a list of URLs gives the same pictures each time.
public protocol GalleryPictures: Sendable {
    /// The gallery's name, for titles.
    var name: String { get }
    /// What the gallery says in place of the grid when it has no pictures.
    var emptyMessage: String { get }
    /// The pictures now, in the order the grid shows them. Throws when they cannot be listed.
    func pictures() throws(UIError) -> [GalleryEntry]
}
