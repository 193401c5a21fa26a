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
    /// The most pixels one animation's decoding may touch — each frame's own pixels and its scaled ones: the
    /// frames past this budget are not decoded, and the animation plays those before them. Default 48 million
    /// (about a second of work here: a 24 KB GIF of 1,000 frames of 632×632 took 7.5–13 s of CPU in full).
    public var maxDecodedPixels: Int

    /// Creates limits; see each property for its default.
    public init(maxFrames: Int = 1_000, maxSourcePixels: Int = 400_000_000, maxFrameBytes: Int = 256 << 20,
                maxDecodedPixels: Int = 48_000_000) {
        self.maxFrames = maxFrames
        self.maxSourcePixels = maxSourcePixels
        self.maxFrameBytes = maxFrameBytes
        self.maxDecodedPixels = maxDecodedPixels
    }

    /// How many of `count` frames of `frameWidth × frameHeight`, each scaled to `width × height`, are decoded
    /// within `maxDecodedPixels`; fewer than 2 means the animation is too costly to play (its first frame is
    /// shown still).
    public func framesDecoded(of count: Int, frameWidth: Int, frameHeight: Int, width: Int, height: Int) -> Int {
        let perFrame = max(1, frameWidth * frameHeight + width * height)
        return min(count, maxDecodedPixels / perFrame)
    }
}
