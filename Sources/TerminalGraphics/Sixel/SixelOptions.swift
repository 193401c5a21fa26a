// SixelOptions: palette and dithering choices for sixel encoding, with a measured default per image size.

/// Where a sixel image's colours come from.
public enum SixelPalette: String, Sendable, Hashable, CaseIterable {
    /// The default: adaptive at every size (the palette search costs ~1–3 ms even at 900×600).
    case auto
    /// A palette of up to 256 colours computed for each image (median cut, then k-means).
    case adaptive
    /// xterm's fixed 256-colour palette: no palette search, but far less faithful (greys dither into colours).
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
    /// The palette choice.
    public var palette: SixelPalette
    /// The dithering.
    public var diffusion: SixelDiffusion
    /// Colours of an adaptive palette (2…256).
    public var colors: Int
    /// Whether transparent pixels stay unpainted (P2 = 1), showing the terminal's background. Off for pictures
    /// drawn over one another in place (an animation's frames), where the frame before would show through:
    /// transparent pixels are then composited over black.
    public var transparency: Bool

    /// Creates options; the defaults are the measured best (see BENCHMARKS.md): an adaptive palette of 256
    /// colours and Atkinson's diffusion (1–2 dB above Floyd–Steinberg on photos, and fewer bytes).
    public init(palette: SixelPalette = .auto, diffusion: SixelDiffusion = .atkinson, colors: Int = 256,
                transparency: Bool = true) {
        self.palette = palette
        self.diffusion = diffusion
        self.colors = min(256, max(2, colors))
        self.transparency = transparency
    }

    /// The palette actually used for an image of `width × height` pixels: `.auto` is adaptive at every size.
    public func resolvedPalette(width: Int, height: Int) -> SixelPalette {
        palette == .auto ? .adaptive : palette
    }
}
