// KittyAnimation: an animation sent once with the kitty graphics protocol's animation commands — the terminal plays it.
import Foundation

/// The frames of a kitty animation after its first (which is the image itself), every frame's gap in
/// milliseconds (the first frame's too), and how many times it plays (0: for ever).
public struct KittyFrames: Sendable, Hashable {
    /// Frames 2, 3, … in order.
    public var later: [KittyPayload]
    /// One gap per frame, the first frame's first.
    public var gaps: [Int]
    /// How many times the animation plays: 0 for ever.
    public var loopCount: Int

    /// Creates the frames; `gaps` has one more entry than `later`.
    public init(later: [KittyPayload], gaps: [Int], loopCount: Int) {
        precondition(gaps.count == later.count + 1, "one gap per frame, the first frame's included")
        self.later = later
        self.gaps = gaps
        self.loopCount = loopCount
    }
}

/// Builds the bytes that make a kitty terminal play an animation by itself: the first frame shown at the cursor
/// (`a=T`, with an id), every later frame added with its gap (`a=f,z=…`), the first frame's gap set
/// (`a=a,r=1,z=…`), then the loop started (`a=a,s=3,v=…`). Every command carries `q=2` (no replies).
public enum KittyAnimation {
    /// The commands for `frames` (one gap in milliseconds per frame) under image `id`, shown in
    /// `columns × rows` cells at the cursor, which then moves past the picture like after text.
    /// `loopCount` is how many times it plays, 0 for ever (kitty's `v` is one more than the plays: `v=1` loops for ever).
    public static func display(id: Int, frames: [KittyPayload], gaps: [Int], loopCount: Int, columns: Int, rows: Int) -> Data {
        precondition(!frames.isEmpty && frames.count == gaps.count, "one gap per frame, at least one frame")
        return KittyGraphics.chunked(
            "a=T,t=d,\(KittyGraphics.format(of: frames[0])),i=\(id),c=\(columns),r=\(rows),q=2", payload: frames[0])
            + addFrames(id: id, KittyFrames(later: Array(frames.dropFirst()), gaps: gaps, loopCount: loopCount))
    }

    /// Adds `frames` to image `id` (already transmitted: its first frame) and starts playing it, wherever it is placed.
    public static func addFrames(id: Int, _ frames: KittyFrames) -> Data {
        var out = Data()
        for (later, gap) in zip(frames.later, frames.gaps.dropFirst()) {
            out += frame(id: id, later, gap: gap)
        }
        out += KittyGraphics.command("a=a,i=\(id),r=1,z=\(frames.gaps[0]),q=2")
        out += play(id: id, loopCount: frames.loopCount)
        return out
    }

    /// The first frame of an animation whose other frames are still being made: shown at the cursor like `display`
    /// (which then moves past the picture), its gap set, and played in kitty's loading mode (`s=2`: at the last frame
    /// kitty waits for more). Send each later frame with `frame` as it is made, then `play` once all are sent.
    public static func start(id: Int, first: KittyPayload, gap: Int, columns: Int, rows: Int) -> Data {
        KittyGraphics.chunked("a=T,t=d,\(KittyGraphics.format(of: first)),i=\(id),c=\(columns),r=\(rows),q=2", payload: first)
            + KittyGraphics.command("a=a,i=\(id),r=1,z=\(gap),q=2")
            + KittyGraphics.command("a=a,i=\(id),s=2,v=1,q=2")
    }

    /// One more frame for image `id`, staying `gap` milliseconds.
    public static func frame(id: Int, _ frame: KittyPayload, gap: Int) -> Data {
        KittyGraphics.chunked("a=f,t=d,\(KittyGraphics.format(of: frame)),i=\(id),z=\(gap),q=2", payload: frame)
    }

    /// Every frame is there: image `id` loops `loopCount` times (0: for ever).
    public static func play(id: Int, loopCount: Int) -> Data {
        KittyGraphics.command("a=a,i=\(id),s=3,v=\(loopCount == 0 ? 1 : loopCount + 1),q=2")
    }
}
