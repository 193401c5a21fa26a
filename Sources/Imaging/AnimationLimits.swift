// AnimationLimits: how much work and memory an animation may cost — checked from its header before any frame is decoded.

/// Limits on an animation, on top of `ImageLimits` (which bounds each frame).
public struct AnimationLimits: Sendable, Hashable {
    /// The most frames a file may have. Default 1,000 (a minute at 60 ms a frame).
    public var maxFrames: Int
    /// The most pixels of all frames together at the file's own size — the decoding work. Default
    /// 400 million (e.g. 500 frames of 1000×800).
    public var maxSourcePixels: Int
    /// The most bytes the scaled RGBA frames may take together. Default 256 MiB.
    public var maxFrameBytes: Int

    /// Creates limits; see each property for its default.
    public init(maxFrames: Int = 1_000, maxSourcePixels: Int = 400_000_000, maxFrameBytes: Int = 256 << 20) {
        self.maxFrames = maxFrames
        self.maxSourcePixels = maxSourcePixels
        self.maxFrameBytes = maxFrameBytes
    }
}
