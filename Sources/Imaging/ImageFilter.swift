// ImageFilter: the named colour filters, with stable names (they are stored in URLs).

/// A named filter. Raw values are the stable names used in `asset://…&filter=` URLs.
public enum ImageFilter: String, Sendable, Hashable, CaseIterable {
    /// No change.
    case none
    /// Greyscale by Rec. 709 luma: R = G = B.
    case mono
    /// Warm brown tones.
    case sepia
    /// High-contrast greyscale.
    case noir
    /// Stronger saturation and a little more contrast.
    case vivid
    /// Photographic negative (alpha kept).
    case invert
    /// Gaussian blur, sigma proportional to the picture size.
    case blur
    /// A 3×3 unsharp-style sharpening kernel.
    case sharpen
}
