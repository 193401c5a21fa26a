// CropRect: a crop as a normalised rectangle (0…1 of the upright picture), independent of its size.

/// A rectangle in 0…1 coordinates of a picture: `x`, `y` from the top-left, `width`, `height`.
public struct CropRect: Sendable, Hashable {
    /// Left edge, 0…1.
    public let x: Double
    /// Top edge, 0…1.
    public let y: Double
    /// Width, (0, 1].
    public let width: Double
    /// Height, (0, 1].
    public let height: Double

    /// The whole picture.
    public static let full = CropRect(unchecked: 0, 0, 1, 1)

    private init(unchecked x: Double, _ y: Double, _ width: Double, _ height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Creates a crop; throws `invalidCrop` unless it is non-empty and inside 0…1 (1e-6 slack).
    public init(x: Double, y: Double, width: Double, height: Double) throws(ImagingError) {
        guard [x, y, width, height].allSatisfy(\.isFinite), x >= 0, y >= 0, width > 0, height > 0,
              x + width <= 1.000001, y + height <= 1.000001 else {
            throw .invalidCrop(x: x, y: y, width: width, height: height)
        }
        self.init(unchecked: x, y, width, height)
    }

    /// The largest centred square of a `pictureWidth × pictureHeight` picture: its `pixels` are square (the
    /// side is the picture's shorter side) and its centre is the picture's, within half a pixel.
    public static func centreSquare(ofWidth pictureWidth: Int, height pictureHeight: Int) -> CropRect {
        let width = Double(max(1, pictureWidth)), height = Double(max(1, pictureHeight))
        let side = min(width, height)
        return CropRect(unchecked: (width - side) / 2 / width, (height - side) / 2 / height, side / width, side / height)
    }

    /// Whether this is the whole picture.
    public var isFull: Bool { self == .full }

    /// The pixel rectangle of a `pictureWidth × pictureHeight` picture, at least 1×1 and inside it.
    func pixels(ofWidth pictureWidth: Int, height pictureHeight: Int) -> (left: Int, top: Int, width: Int, height: Int) {
        let left = min(pictureWidth - 1, Int((x * Double(pictureWidth)).rounded()))
        let top = min(pictureHeight - 1, Int((y * Double(pictureHeight)).rounded()))
        let width = max(1, min(pictureWidth - left, Int((self.width * Double(pictureWidth)).rounded())))
        let height = max(1, min(pictureHeight - top, Int((self.height * Double(pictureHeight)).rounded())))
        return (left, top, width, height)
    }
}
