// PictureFolder+Gallery: a folder as the pictures of a gallery, listed again on every visit.
import Foundation

extension PictureFolder: GalleryPictures {
    public var emptyMessage: String { "No pictures (JPEG, PNG, GIF, WebP) in \(path)." }

    /// The folder's pictures now (`entries()`), in name order.
    public func pictures() throws(UIError) -> [GalleryEntry] {
        try entries().map(GalleryEntry.init)
    }
}
