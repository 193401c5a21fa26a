// GalleryPhoto: what the photo picker needs to know of a gallery photo — its id and title.

/// A photo the picker offers: the opaque id that goes into `asset://` URLs, and a title.
public struct GalleryPhoto: Sendable, Hashable {
    /// The asset id.
    public var id: String
    /// What to show under the thumbnail.
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}
