// ImageLimits: how large a picture Imaging agrees to decode (the decompression-bomb guard).

/// Limits checked against an image's header before any pixel is decoded.
public struct ImageLimits: Sendable, Hashable {
    /// The largest `width × height` (of one frame) an image may declare. Default 50 megapixels.
    public var maxPixels: Int

    /// Creates limits; `maxPixels` defaults to 50 000 000.
    public init(maxPixels: Int = 50_000_000) {
        self.maxPixels = maxPixels
    }
}
