// SixelOptions: palette and dithering choices for sixel encoding, with a measured default per image size.

/// Where a sixel image's colours come from.
public enum SixelPalette: String, Sendable, Hashable, CaseIterable {
    /// Picks per image size: adaptive up to `SixelOptions.adaptivePixelLimit` pixels, fixed above.
    case auto
    /// A palette of up to 256 colours computed for each image (median cut): best quality, slower.
    case adaptive
    /// xterm's fixed 256-colour palette: no palette search, fast, a little less faithful.
    case fixed
}

/// How quantisation error is spread to neighbouring pixels.
public enum SixelDiffusion: String, Sendable, Hashable, CaseIterable {
    /// No dithering: flat areas, banding on gradients, smallest output.
    case none
    /// Floyd–Steinberg error diffusion.
    case floydSteinberg
    /// Bill Atkinson's diffusion (¾ of the error): crisper, fewer bytes.
    case atkinson
}

/// Options of `SixelEncoder`.
public struct SixelOptions: Sendable, Hashable {
    /// Images with more pixels than this use the fixed palette under `.auto`. Measured (BENCHMARKS.md):
    /// the fixed palette is 1.4–1.6× faster but ~14 dB worse, so only pictures larger than
    /// 480×324 (where adaptive encoding outgrows a frame, > 30 ms) give up quality for speed.
    public static let adaptivePixelLimit = 480 * 324

    /// The palette choice.
    public var palette: SixelPalette
    /// The dithering.
    public var diffusion: SixelDiffusion
    /// Colours of an adaptive palette (2…256).
    public var colors: Int

    /// Creates options; the defaults are the measured best trade-off (see BENCHMARKS.md).
    public init(palette: SixelPalette = .auto, diffusion: SixelDiffusion = .atkinson, colors: Int = 256) {
        self.palette = palette
        self.diffusion = diffusion
        self.colors = min(256, max(2, colors))
    }

    /// The palette actually used for an image of `width × height` pixels.
    public func resolvedPalette(width: Int, height: Int) -> SixelPalette {
        guard palette == .auto else { return palette }
        return width * height <= Self.adaptivePixelLimit ? .adaptive : .fixed
    }
}
