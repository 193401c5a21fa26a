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

    /// The most tiles (or layers) a HEIF/AVIF picture may be derived from, however large: each is a decoder
    /// started anew (~2 ms of libheif), and a crafted 6400×6400 grid of 10,000 64×64 tiles took 18–30 s of CPU.
    /// Cameras use 512×512 tiles: 48 for 12 MP, 763 for a 200 MP photo. Default 1,024.
    public var maxHEIFTiles: Int = 1_024

    /// The most tiles a HEIF/AVIF picture of `width × height` may be derived from: one per 256×256 pixels
    /// (a quarter of a camera's tile), at least 64, at most `maxHEIFTiles`.
    public func allowedHEIFTiles(width: Int, height: Int) -> Int {
        let pixels = width.multipliedReportingOverflow(by: height)
        let perArea = pixels.overflow || width < 0 || height < 0 ? Int.max : pixels.partialValue / (256 * 256)
        return min(maxHEIFTiles, max(64, perArea))
    }

    /// The most tiles a TIFF of `width × height` may be cut into: one per 64×64 pixels, at least 1,024. A TIFF
    /// tile costs ~50 µs in libtiff and libvips: a 7008×7008 picture in 191,844 16×16 tiles took 10 s of CPU,
    /// against 0.2 s in one strip; writers use 128×128 to 512×512 tiles.
    public func allowedTIFFTiles(width: Int, height: Int) -> Int {
        let pixels = width.multipliedReportingOverflow(by: height)
        let perArea = pixels.overflow || width < 0 || height < 0 ? Int.max : pixels.partialValue / (64 * 64)
        return max(1_024, perArea)
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
