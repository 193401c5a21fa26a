// Asset: one photo of the library — an opaque id, where its file is, and what to credit.
import Foundation

/// A photo in the library.
public struct Asset: Sendable, Hashable, Identifiable, Codable {
    /// The opaque, stable identifier used in `asset://?id=…` URLs.
    public var id: String
    /// The file name inside its folder (never taken from a URL).
    public var file: String
    /// A title to show.
    public var title: String
    /// Pixel width, as stored (before EXIF orientation), when known.
    public var width: Int?
    /// Pixel height, when known.
    public var height: Int?
    /// The licence, e.g. `CC0-1.0`.
    public var license: String?
    /// Who to credit.
    public var attribution: String?

    /// Creates an asset record.
    public init(id: String, file: String, title: String, width: Int? = nil, height: Int? = nil,
                license: String? = nil, attribution: String? = nil) {
        self.id = id
        self.file = file
        self.title = title
        self.width = width
        self.height = height
        self.license = license
        self.attribution = attribution
    }
}
