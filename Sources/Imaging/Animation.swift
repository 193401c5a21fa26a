// Animation: the frames of an animated GIF or WebP, scaled for a box, with the gaps and loop count the file gives.

/// An animation's frames (all the same size), how long each stays on screen, and how often it plays.
public struct Animation: Sendable, Equatable {
    /// The frames in order, each a whole picture (earlier frames already composed in).
    public var frames: [Bitmap]
    /// How long each frame stays before the next, in milliseconds; one per frame, each ≥ `minimumGap`.
    public var gaps: [Int]
    /// How many times the animation plays: 0 for ever.
    public var loopCount: Int

    /// Creates an animation; `gaps` must have one entry per frame.
    public init(frames: [Bitmap], gaps: [Int], loopCount: Int) {
        precondition(frames.count == gaps.count && !frames.isEmpty, "one gap per frame, at least one frame")
        self.frames = frames
        self.gaps = gaps
        self.loopCount = loopCount
    }

    /// The shortest gap a file may ask for; browsers show a shorter one (0 or 10 ms, what many GIF
    /// makers write by mistake) for `substituteGap` instead.
    public static let minimumGap = 11
    /// What a gap of 10 ms or less becomes.
    public static let substituteGap = 100

    /// A file's gap as browsers play it: ≤ 10 ms counts as 100 ms.
    public static func playedGap(fileMilliseconds: Int) -> Int {
        fileMilliseconds < minimumGap ? substituteGap : fileMilliseconds
    }
}
