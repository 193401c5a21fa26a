// ImageRotation: clockwise quarter turns — the only rotations a photo edit allows.

/// A clockwise rotation by a right angle.
public enum ImageRotation: Int, Sendable, Hashable, CaseIterable {
    /// Unturned.
    case none = 0
    /// A quarter turn clockwise.
    case clockwise90 = 90
    /// Upside down.
    case halfTurn = 180
    /// Three quarter turns clockwise (a quarter turn anticlockwise).
    case clockwise270 = 270

    /// The rotation for `degrees` (any multiple of 90, negative or above 360 included).
    public init(degrees: Int) throws(ImagingError) {
        guard degrees % 90 == 0, let rotation = ImageRotation(rawValue: ((degrees % 360) + 360) % 360) else {
            throw .invalidRotation(degrees: degrees)
        }
        self = rotation
    }

    /// Whether width and height trade places.
    public var swapsSides: Bool { self == .clockwise90 || self == .clockwise270 }
}
