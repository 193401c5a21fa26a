// ImageEdit: a photo edit as a value — crop, then rotate, then filter.

/// The edits of a gallery photo, applied in this order: crop (on the upright picture), rotate, filter.
public struct ImageEdit: Sendable, Hashable {
    /// The region to keep.
    public var crop: CropRect
    /// The clockwise rotation.
    public var rotation: ImageRotation
    /// The colour filter.
    public var filter: ImageFilter

    /// No edit at all.
    public static let none = ImageEdit()

    /// Creates an edit; every part defaults to "unchanged".
    public init(crop: CropRect = .full, rotation: ImageRotation = .none, filter: ImageFilter = .none) {
        self.crop = crop
        self.rotation = rotation
        self.filter = filter
    }
}
