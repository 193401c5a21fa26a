// ImageInfo: what an image's header says, read without decoding its pixels.

/// The facts of an encoded image, from its header.
public struct ImageInfo: Sendable, Equatable {
    /// Width in pixels as displayed (after EXIF orientation).
    public var width: Int
    /// Height in pixels as displayed (after EXIF orientation).
    public var height: Int
    /// The container format.
    public var format: ImageFormat
    /// Frames (pages) in the file: more than 1 for an animated GIF or WebP.
    public var frameCount: Int
    /// The EXIF orientation, 1 (upright) … 8.
    public var orientation: Int
    /// Whether the image has an alpha channel.
    public var hasAlpha: Bool

    /// Creates an info value.
    public init(width: Int, height: Int, format: ImageFormat, frameCount: Int = 1, orientation: Int = 1, hasAlpha: Bool = false) {
        self.width = width
        self.height = height
        self.format = format
        self.frameCount = frameCount
        self.orientation = orientation
        self.hasAlpha = hasAlpha
    }
}
