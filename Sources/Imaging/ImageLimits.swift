// ImageLimits: how large a picture Imaging agrees to decode (the decompression-bomb guard).

/// Limits checked against an image's header before any pixel is decoded.
public struct ImageLimits: Sendable, Hashable {
    /// The most pixels decoded at once (of one frame). A JPEG decoded at a reduced size (shrink on load, 1/2 to
    /// 1/8 a side: what a thumbnail of a large photo does) counts the pixels it is decoded to, so a 100-megapixel
    /// photo makes a thumbnail; decoded whole it is refused. Default 50 megapixels.
    public var maxPixels: Int
    /// The most pixels a picture may declare at all, whatever size it is decoded at: a JPEG's entropy-coded data
    /// is read whole even when it is decoded small. Default 4 × `maxPixels` (200 megapixels: the largest phone
    /// sensors).
    public var maxDeclaredPixels: Int
    /// The most scans a JPEG may have. A progressive JPEG's decoding cost is its scans × its size, and a
    /// crafted file of thousands of scans took 12–23 s of CPU; encoders write about 10 (libjpeg's default
    /// progression), and libvips gives up after 100 warnings. Default 100.
    public var maxScans: Int

    /// Creates limits; `maxPixels` defaults to 50 000 000, `maxDeclaredPixels` to 4 × `maxPixels`, `maxScans` to 100.
    public init(maxPixels: Int = 50_000_000, maxDeclaredPixels: Int? = nil, maxScans: Int = 100) {
        self.maxPixels = maxPixels
        self.maxDeclaredPixels = maxDeclaredPixels ?? maxPixels.multipliedReportingOverflow(by: 4).partialValue
        self.maxScans = maxScans
    }

    /// Whether a picture declaring `width × height` may be decoded at `1/shrink` of its size (each side
    /// rounded up, as libjpeg does).
    public func allow(width: Int, height: Int, shrink: Int = 1) -> Bool {
        guard allowDeclared(width: width, height: height), shrink > 0 else { return false }
        let decoded = ((width + shrink - 1) / shrink).multipliedReportingOverflow(by: (height + shrink - 1) / shrink)
        return !decoded.overflow && decoded.partialValue <= maxPixels
    }

    /// Whether a picture may declare `width × height` at all (`maxDeclaredPixels`, at least `maxPixels`).
    func allowDeclared(width: Int, height: Int) -> Bool {
        let declared = width.multipliedReportingOverflow(by: height)
        return width > 0 && height > 0 && !declared.overflow && declared.partialValue <= max(maxPixels, maxDeclaredPixels)
    }
}
