// PictureFolder+Gallery: a folder as the pictures of a gallery, listed again on every visit.
import Foundation
import Imaging

extension PictureFolder: GalleryPictures {
    public var emptyMessage: String { "No pictures (\(ImageFormat.allCases.map(\.name).joined(separator: ", "))) in \(path)." }

    /// The folder's pictures now (`entries()`), in name order.
    public func pictures() throws(UIError) -> [GalleryEntry] {
        try entries().map(GalleryEntry.init)
    }
}
