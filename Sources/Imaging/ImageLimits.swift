// ImageLimits: how large a picture Imaging agrees to decode (the decompression-bomb guard).

/// Limits checked against an image's header before any pixel is decoded.
public struct ImageLimits: Sendable, Hashable {
    /// The largest `width × height` (of one frame) an image may declare. Default 50 megapixels.
    public var maxPixels: Int
    /// The most scans a JPEG may have. A progressive JPEG's decoding cost is its scans × its size, and a
    /// crafted file of thousands of scans took 12–23 s of CPU; encoders write about 10 (libjpeg's default
    /// progression), and libvips gives up after 100 warnings. Default 100.
    public var maxScans: Int

    /// Creates limits; `maxPixels` defaults to 50 000 000, `maxScans` to 100.
    public init(maxPixels: Int = 50_000_000, maxScans: Int = 100) {
        self.maxPixels = maxPixels
        self.maxScans = maxScans
    }
}
