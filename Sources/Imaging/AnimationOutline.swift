// AnimationOutline: what an animation will be before its frames are decoded — how many, how long each stays, how
// often it plays — so its first frame can be shown while the others decode.

/// The frames an animation decodes to (their gaps, one per frame) and its loop count.
public struct AnimationOutline: Sendable, Equatable {
    /// How long each frame stays before the next, in milliseconds (`Animation.playedGap`), one per frame decoded.
    public var gaps: [Int]
    /// How many times the animation plays: 0 for ever.
    public var loopCount: Int

    /// Creates an outline.
    public init(gaps: [Int], loopCount: Int) {
        self.gaps = gaps
        self.loopCount = loopCount
    }

    /// How many frames are decoded.
    public var frameCount: Int { gaps.count }
}
